package cli

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/ui"
)

// manText renders roff as man shows it, skipping when man is missing.
func manText(t *testing.T, roff string) string {
	t.Helper()
	if _, err := exec.LookPath("man"); err != nil {
		t.Skip("man is not installed")
	}
	cmd := exec.Command("man", "--warnings", "-l", "-")
	cmd.Env = []string{"MANWIDTH=100", "MANPAGER=cat", "PAGER=cat", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"}
	cmd.Stdin = strings.NewReader(roff)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("man -l -: %v\n%s", err, errb.String())
	}
	if errb.Len() > 0 {
		t.Errorf("man warns about the page:\n%s", errb.String())
	}
	return out.String()
}

func TestManPageShowsCommandsConfigKeysAndReaderKeys(t *testing.T) {
	u := newUser(t)
	roff := u.ok("man")
	if !strings.HasPrefix(roff, ".nh\n.TH \"TIDINGS\" \"1\"") {
		t.Fatalf("not a roff man page:\n%.200s", roff)
	}
	page := manText(t, roff)
	var want []string
	for _, section := range []string{"NAME", "SYNOPSIS", "COMMANDS", "CONFIGURATION", "KEYS", "FILES", "EXIT STATUS", "OPTIONS"} {
		want = append(want, "\n"+section+"\n")
	}
	for _, cmd := range []string{"add URL", "remove", "set", "import", "export", "feeds", "items", "mark", "sync", "download", "config", "man", "completion bash"} {
		want = append(want, "tidings "+cmd)
	}
	for _, k := range config.Keys() {
		want = append(want, k.Name)
	}
	for _, column := range ui.DefaultKeyMap().FullHelp() {
		for _, kb := range column {
			want = append(want, kb.Help().Key+" ", kb.Help().Desc)
		}
	}
	want = append(want, "--version", "--sync-once", "--config")
	for _, w := range want {
		if !strings.Contains(page, w) {
			t.Errorf("the man page lacks %q", w)
		}
	}
	if t.Failed() {
		t.Logf("page:\n%s", page)
	}
}
