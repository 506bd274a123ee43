package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// The settings of |, b, ctrl+s and the clickable links are in `tidings
// config --default` with the values they allow.
func TestConfigDefaultShowsTheSendSettings(t *testing.T) {
	t.Parallel()
	out := newUser(t).ok("config", "--default")
	for _, want := range []string{
		"# Allowed: \"text\", \"html\" or \"markdown\". Default: \"text\".\npipe_format = \"text\"\n",
		"# Allowed: one command, without a pipe, redirection or variable. Default: \"\".\nbookmark_command = \"\"\n",
		"# Allowed: absolute, or starting with \"~/\". Default: \"\".\nsave_directory = \"\"\n",
		"# Default: true.\nhyperlinks = true\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("`tidings config --default` lacks %q:\n%s", want, out)
		}
	}
}

// A bad value of each stops tidings with one line naming the file, the
// line and the key, before anything runs.
func TestBadSendSettingsStopTidings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ doc, where, msg string }{
		{"[ui]\npipe_format = \"pdf\"\n", ":2: ui.pipe_format", `must be "text", "html" or "markdown"`},
		{"[ui]\n\nbookmark_command = \"mark > log\"\n", ":3: ui.bookmark_command", "it redirects"},
		{"[ui]\nsave_directory = \"Downloads\"\n", ":2: ui.save_directory", `must be absolute or start with "~/"`},
		{"[ui]\nhyperlinks = 1\n", ":2: ui.hyperlinks", "want boolean"},
	} {
		u := newUser(t)
		u.writeConfig(tc.doc)
		path := filepath.Join(u.home, "config", "tidings", "config.toml")
		for _, args := range [][]string{{"config"}, {"feeds"}} {
			r := u.run(args...)
			if r.code != exitUsage || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 ||
				!strings.Contains(r.stderr, path+tc.where) || !strings.Contains(r.stderr, tc.msg) {
				t.Errorf("%v with %q: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q and %q",
					args, tc.doc, r.code, r.stdout, r.stderr, path+tc.where, tc.msg)
			}
		}
	}
}
