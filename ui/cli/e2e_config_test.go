package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// body drops the header comment `tidings config` starts with.
func body(out string) string {
	_, rest, _ := strings.Cut(out, "\n\n")
	return rest
}

func TestConfigPrintsTheEffectiveConfiguration(t *testing.T) {
	u := newUser(t)
	u.writeConfig("max_items = 500\n[sync]\ndownload_threads = 8\nconnect_timeout = \"1m30s\"\n[ui]\nnotify_command = \"notify-send tidings\"\n")
	out := u.ok("config")
	for _, want := range []string{
		"# Allowed: 1 to 2500 items. Default: 200.\nmax_items = 500\n",
		"# Allowed: 1 to 16. Default: 4.\ndownload_threads = 8\n",
		"connect_timeout = \"1m30s\"\n",
		"notify_command = \"notify-send tidings\"\n",
		"log_file = \"" + filepath.Join(u.home, "data", "tidings", "tidings.log") + "\"\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("`tidings config` lacks %q:\n%s", want, out)
		}
	}
	// The output is itself a configuration file that means the same.
	u.writeConfig(out)
	if again := u.ok("config"); body(again) != body(out) {
		t.Errorf("the printed configuration, loaded back, prints differently:\n%s\nthen\n%s", out, again)
	}
	if _, err := os.Stat(filepath.Join(u.home, "data", "tidings", "tidings.db")); err == nil {
		t.Error("tidings config opened the database")
	}
}

func TestConfigWithABadFileIsAUsageError(t *testing.T) {
	u := newUser(t)
	u.writeConfig("[sync]\ndownload_threads = 99\n")
	r := u.run("config")
	if r.code != exitUsage || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 ||
		!strings.Contains(r.stderr, "sync.download_threads") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and one line naming the key", r.code, r.stdout, r.stderr)
	}
}

func TestConfigMasksTheAccountsSecrets(t *testing.T) {
	const secret = "s3cret-Pa55"
	for _, tc := range []struct {
		name, remote, key string
	}{
		{"password", "type = \"greader\"\nurl = \"http://127.0.0.1:9/api/greader.php\"\nuser = \"me\"\npassword = \"" + secret + "\"\n", "password"},
		{"token", "type = \"miniflux\"\nurl = \"http://127.0.0.1:9\"\ntoken = \"" + secret + "\"\n", "token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := newUser(t)
			u.writeConfig("[remote]\n" + tc.remote)
			out := u.ok("config")
			if strings.Contains(out, secret) {
				t.Fatalf("`tidings config` prints the account's %s:\n%s", tc.key, out)
			}
			if want := "\n" + tc.key + " = \"********\"\n"; !strings.Contains(out, want) {
				t.Errorf("`tidings config` lacks %q:\n%s", want, out)
			}
			if !strings.Contains(out, "\nuser = ") || !strings.Contains(out, "\ninterval = 15\n") {
				t.Errorf("`tidings config` lacks the rest of [remote]:\n%s", out)
			}
		})
	}
}
