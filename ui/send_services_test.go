package ui

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/testdata/testenv"
)

// manualScript is the script of the manual's SENDING ARTICLES whose
// comment line names it ("# linkding-bookmark URL …"), as it is written
// there.
func manualScript(t *testing.T, name string) string {
	t.Helper()
	manual := readFile(t, filepath.Join("cli", "manual.md"))
	start := strings.Index(manual, "```\n#!/bin/sh\n# "+name+" ")
	if start < 0 {
		t.Fatalf("the manual has no %s script", name)
	}
	script := manual[start+len("```\n"):]
	return script[:strings.Index(script, "```\n")]
}

// recorded is one request a stand-in received.
type recorded struct {
	method, path, auth, contentType, body string
}

// standIn is a loopback stand-in for a read-later service: it records
// each request and answers status.
func standIn(t *testing.T, status int) (*httptest.Server, func() []recorded) {
	t.Helper()
	var mu sync.Mutex
	var got []recorded
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, recorded{r.Method, r.URL.RequestURI(), r.Header.Get("Authorization"), r.Header.Get("Content-Type"), string(b)})
		mu.Unlock()
		w.WriteHeader(status)
		io.WriteString(w, `{"id": 1}`)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []recorded {
		mu.Lock()
		defer mu.Unlock()
		return append([]recorded(nil), got...)
	}
}

// The manual's Wallabag, Readeck and Linkding scripts, run by b as
// ui.bookmark_command, send each service exactly the request its API
// takes (a title with quotes, an ampersand, a percent sign and accents;
// a link with a query), and their line of output is the status line.
func TestManualBookmarkScriptsSendWhatEachServiceTakes(t *testing.T) {
	testenv.RequireTool(t, "curl", "curl")
	testenv.RequireTool(t, "jq", "jq")
	const title, link = `Tom & Jerry's "best" 100% ünïcode`, "https://news.test/a?b=1&c=2"
	tests := []struct {
		name, env string
		status    int
		want      recorded
		say       string
	}{
		{"wallabag-bookmark", "WALLABAG", 200, recorded{"POST", "/api/entries.json", "Bearer tok-123", "application/x-www-form-urlencoded",
			"url=https%3A%2F%2Fnews.test%2Fa%3Fb%3D1%26c%3D2&title=Tom+%26+Jerry%27s+%22best%22+100%25+%C3%BCn%C3%AFcode&tags=rss"},
			"saved to wallabag (200)"},
		{"readeck-bookmark", "READECK", 202, recorded{"POST", "/api/bookmarks", "Bearer tok-123", "application/json",
			`{"url":"https://news.test/a?b=1&c=2","title":"Tom & Jerry's \"best\" 100% ünïcode","labels":["rss"]}` + "\n"},
			"saved to readeck (202)"},
		{"linkding-bookmark", "LINKDING", 201, recorded{"POST", "/api/bookmarks/", "Token tok-123", "application/json",
			`{"url":"https://news.test/a?b=1&c=2","title":"Tom & Jerry's \"best\" 100% ünïcode","description":"A short summary.","tag_names":["rss"]}` + "\n"},
			"saved to linkding (201)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, got := standIn(t, tt.status)
			script := filepath.Join(t.TempDir(), tt.name)
			if err := os.WriteFile(script, []byte(manualScript(t, tt.name)), 0o700); err != nil {
				t.Fatal(err)
			}
			t.Setenv(tt.env+"_URL", srv.URL)
			t.Setenv(tt.env+"_TOKEN", "tok-123")
			f := newFixture(t)
			addFeed(t, f.st, "http://127.0.0.1:9/send.xml", "", "Send Feed", []document.Item{{GUID: "s1", Title: title, Link: link,
				Published: day(0), Content: "<p>The whole text.</p>", Summary: "<p>A short <b>summary</b>.</p>"}})
			cfg := config.Default()
			cfg.UI.BookmarkCommand = script
			h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) { o.Config = cfg }))
			h.selectNode("Send Feed")
			h.keys("tab", "b")
			if h.m.status.message != "bookmarked: "+tt.say || h.m.status.isError {
				t.Errorf("status %q", h.m.status.message)
			}
			reqs := got()
			if len(reqs) == 1 && tt.want.contentType == "application/x-www-form-urlencoded" {
				// curl before 7.86 wrote a space as %20, later ones as +:
				// both are the form encoding's space.
				reqs[0].body = strings.ReplaceAll(reqs[0].body, "%20", "+")
			}
			if len(reqs) != 1 || reqs[0] != tt.want {
				t.Errorf("the service received\n%q\nwant\n%q", reqs, tt.want)
			}
		})
	}
}

// A service that refuses the token is one line with curl's reason.
func TestManualBookmarkScriptFailureIsOneLine(t *testing.T) {
	testenv.RequireTool(t, "curl", "curl")
	testenv.RequireTool(t, "jq", "jq")
	srv, _ := standIn(t, http.StatusUnauthorized)
	script := filepath.Join(t.TempDir(), "linkding-bookmark")
	if err := os.WriteFile(script, []byte(manualScript(t, "linkding-bookmark")), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("LINKDING_URL", srv.URL)
	t.Setenv("LINKDING_TOKEN", "wrong")
	h := sendHarness(t, config.UIConfig{PipeFormat: config.PipeText, BookmarkCommand: script})
	openGopher(h)
	h.keys("b")
	if want := "bookmark: " + script + ": exit status 22: curl: (22) The requested URL returned error: 401"; h.m.status.message != want || !h.m.status.isError {
		t.Errorf("status %q, want %q", h.m.status.message, want)
	}
}
