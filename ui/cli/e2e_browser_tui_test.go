package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// A terminal browser gets the terminal, as lynx or w3m need: what is typed
// while it runs goes to it and not to tidings, and the reader is drawn
// again when it exits. The browser is a script standing in for w3m: it
// shows a page, reads one line from the terminal and records it with the
// address it was given (%s in ui.browser).
func TestTUITerminalBrowserGetsTheTerminal(t *testing.T) {
	srv := newFeedServer(t)
	srv.setFile(t, "/gopher.xml", "rss20.xml")
	u := newUser(t)
	u.add(srv.URL + "/gopher.xml")
	u.ok("sync")
	got := filepath.Join(u.home, "browsed")
	browser := filepath.Join(u.home, "w3m-like")
	writeFile(t, browser, "#!/bin/sh\nclear\necho 'A PAGE IN A TERMINAL BROWSER'\nread line\nprintf '%s|%s|%s' \"$1\" \"$2\" \"$line\" > "+got+"\n")
	if err := os.Chmod(browser, 0o755); err != nil {
		t.Fatal(err)
	}
	u.writeConfig("[ui]\nbrowser = \"" + browser + " --page %s\"\nbrowser_in_terminal = true\n")
	var link string
	for _, it := range u.items() {
		if it["title"] == "Why ETags matter" {
			link = it["link"].(string)
		}
	}
	if link == "" {
		t.Fatal("no item \"Why ETags matter\" with a link")
	}

	tt := startTUI(t, u, 100, 30)
	tt.waitFor("Gopher Notes")
	tt.keys("Tab") // the list, its first item selected
	tt.waitFor("esc/q back")
	tt.keys("j", "j", "j") // Why ETags matter, the fourth
	tt.keys("o")
	tt.waitFor("A PAGE IN A TERMINAL BROWSER")
	tt.text("jq") // keys tidings would act on, typed into the browser
	tt.keys("Enter")
	tt.waitFor("Gopher Notes") // drawn again after the browser exits
	b, err := os.ReadFile(got)
	if want := "--page|" + link + "|jq"; err != nil || string(b) != want {
		t.Fatalf("the browser recorded %q (%v), want %q: its arguments (the address at %%s), then the line typed", b, err, want)
	}
	tt.keys("q", "q")
	if exit := tt.waitExit(); exit != "EXIT=0" {
		t.Errorf("exit: %s", exit)
	}
}
