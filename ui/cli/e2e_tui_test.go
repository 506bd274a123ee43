package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// tmuxTUI is the reader running in a private tmux server.
type tmuxTUI struct {
	t        *testing.T
	sock     string
	exitFile string
}

// startTUI runs tidings with the user's environment (and extraEnv,
// NAME=value) in a w×h tmux window, as a person's terminal: without CI
// (termenv takes a CI for no terminal and draws no colour) or NO_COLOR
// from the environment the tests run in, unless extraEnv sets them.
func startTUI(t *testing.T, u *user, w, h int, extraEnv ...string) *tmuxTUI {
	t.Helper()
	testenv.RequireTool(t, "tmux", "tmux")
	dir := t.TempDir()
	tt := &tmuxTUI{t: t, sock: filepath.Join(dir, "tmux.sock"), exitFile: filepath.Join(dir, "exit")}
	env := append([]string(nil), extraEnv...)
	for _, kv := range u.env {
		if strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "XDG_") {
			env = append(env, kv)
		}
	}
	script := "env -u CI -u NO_COLOR " + strings.Join(env, " ") + " TERM=xterm-256color " + binPath + "; echo EXIT=$? > " + tt.exitFile + "; sleep 5"
	tt.tmux("new-session", "-d", "-s", "tidings", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), script)
	t.Cleanup(func() { exec.Command("tmux", "-S", tt.sock, "kill-server").Run() })
	return tt
}

func (tt *tmuxTUI) tmux(args ...string) string {
	tt.t.Helper()
	cmd := exec.Command("tmux", append([]string{"-S", tt.sock}, args...)...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	out, err := cmd.CombinedOutput()
	if err != nil {
		tt.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// keys sends keys, one send-keys each (so ESC is never read as Alt).
func (tt *tmuxTUI) keys(keys ...string) {
	tt.t.Helper()
	for _, k := range keys {
		tt.tmux("send-keys", "-t", "tidings", k)
	}
}

// text types literal text.
func (tt *tmuxTUI) text(s string) {
	tt.t.Helper()
	tt.tmux("send-keys", "-t", "tidings", "-l", s)
}

func (tt *tmuxTUI) screen() string {
	tt.t.Helper()
	return tt.tmux("capture-pane", "-p", "-t", "tidings")
}

// styledScreen is the screen with its escape sequences (attributes and
// colours) as tmux keeps them.
func (tt *tmuxTUI) styledScreen() string {
	tt.t.Helper()
	return tt.tmux("capture-pane", "-p", "-e", "-t", "tidings")
}

// waitFor polls the screen until it shows want (at most 10 s, 50 ms steps).
func (tt *tmuxTUI) waitFor(want string) {
	tt.t.Helper()
	var s string
	for range 200 {
		if s = tt.screen(); strings.Contains(s, want) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	tt.t.Fatalf("screen never showed %q:\n%s", want, s)
}

// waitExit waits for the program's exit status line.
func (tt *tmuxTUI) waitExit() string {
	tt.t.Helper()
	for range 200 {
		if b, err := os.ReadFile(tt.exitFile); err == nil && strings.HasSuffix(string(b), "\n") {
			return strings.TrimSpace(string(b))
		}
		time.Sleep(50 * time.Millisecond)
	}
	tt.t.Fatalf("tidings did not exit:\n%s", tt.screen())
	return ""
}

func TestTUIInTmux(t *testing.T) {
	t.Parallel() // its own user, servers and processes: seconds of waiting on them
	srv := newFeedServer(t)
	srv.setFile(t, "/gopher.xml", "rss20.xml")
	srv.setFile(t, "/orbital.xml", "atom10.xml")
	u := newUser(t)
	u.add(srv.URL+"/gopher.xml", "--folder", "Tech")
	u.ok("sync")
	unread := len(u.items("--unread"))

	tt := startTUI(t, u, 120, 40)
	tt.waitFor("Gopher Notes")
	tt.waitFor("quit (tree)")

	// read the first item of All items: it is marked read
	tt.keys("Tab")
	tt.waitFor("N toggle read")
	tt.keys("Enter")
	tt.waitFor("o open link")
	waitCount(t, func() int { return len(u.items("--unread")) }, unread-1)
	tt.keys("N")
	waitCount(t, func() int { return len(u.items("--unread")) }, unread)
	tt.keys("N")
	waitCount(t, func() int { return len(u.items("--unread")) }, unread-1)

	// subscribe to a second local feed
	tt.keys("a")
	tt.waitFor("Subscribe")
	tt.text(srv.URL + "/orbital.xml")
	tt.keys("Tab")
	tt.text("Space")
	tt.keys("Enter")
	tt.waitFor("Orbital Log")
	waitCount(t, func() int { return len(u.feeds()) }, 2)

	// back to the tree, refresh everything under All items
	tt.keys("Escape")
	tt.waitFor("N toggle read")
	tt.keys("Escape")
	tt.waitFor("quit (tree)")
	tt.keys("g")
	before := srv.requestCount("/gopher.xml")
	tt.keys("r")
	tt.waitFor("refreshed")
	if srv.requestCount("/gopher.xml") <= before {
		t.Errorf("r did not download the feed again")
	}

	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Errorf("exit: %s", got)
	}
}

// waitCount polls n() until it returns want (at most 10 s).
func waitCount(t *testing.T, n func() int, want int) {
	t.Helper()
	got := n()
	for i := 0; i < 200 && got != want; i++ {
		time.Sleep(50 * time.Millisecond)
		got = n()
	}
	if got != want {
		t.Fatalf("count %d, want %d", got, want)
	}
}
