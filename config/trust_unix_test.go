//go:build unix

package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nobody is the user tests give files to when they may (as root).
const nobody = 65534

// giveAway makes path (not a link it names) belong to another user, or
// skips the test when only root could.
func giveAway(t *testing.T, path string) {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	if err := os.Lchown(path, nobody, nobody); err != nil {
		t.Fatal(err)
	}
}

// mkdir makes a folder with exactly mode (the umask left out).
func mkdir(t *testing.T, path string, mode os.FileMode) string {
	t.Helper()
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatal(err)
	}
	chmod(t, path, mode)
	return path
}

// chmod sets mode, sticky bit included.
func chmod(t *testing.T, path string, mode os.FileMode) {
	t.Helper()
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// writeFileMode writes body to path with exactly mode.
func writeFileMode(t *testing.T, path, body string, mode os.FileMode) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	chmod(t, path, mode)
	return path
}

// safeDir is a fresh folder of the user's, 0755.
func safeDir(t *testing.T) string {
	t.Helper()
	return mkdir(t, filepath.Join(t.TempDir(), "safe"), 0o755)
}

// wantRefused fails unless err is one line naming each of want, and is an
// *UntrustedError underneath.
func wantRefused(t *testing.T, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted; want a refusal naming %q", want)
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("the refusal is not one line: %q", msg)
	}
	if _, ok := errors.AsType[*UntrustedError](err); !ok {
		t.Errorf("%q is no *UntrustedError", msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("the refusal %q does not say %q", msg, w)
		}
	}
}

const configDoc = "max_items = 100\n"

func TestConfigOwnedByAnotherUserIsRefused(t *testing.T) {
	path := writeFileMode(t, filepath.Join(safeDir(t), "config.toml"), configDoc, 0o644)
	giveAway(t, path)
	_, err := Load(path)
	wantRefused(t, err, "config "+path+": ", "file "+path+" is owned by ", "chown ")
}

func TestConfigInAFolderOthersMayWriteIsRefused(t *testing.T) {
	for _, tt := range []struct {
		mode os.FileMode
		fix  string
	}{
		{0o775, "chmod go-w"},
		{0o757, "chmod go-w"},
		{0o777 | os.ModeSticky, "keep it in a folder of your own"}, // as /tmp: anyone could have put the file there
	} {
		t.Run(tt.mode.String(), func(t *testing.T) {
			dir := mkdir(t, filepath.Join(t.TempDir(), "public"), tt.mode)
			path := writeFileMode(t, filepath.Join(dir, "config.toml"), configDoc, 0o600)
			_, err := Load(path)
			wantRefused(t, err, "config "+path+": ", "folder "+dir+" is writable by other users", tt.fix)
		})
	}
}

func TestConfigBelowAFolderOthersMayWriteIsRefused(t *testing.T) {
	top := mkdir(t, filepath.Join(t.TempDir(), "top"), 0o777)
	dir := mkdir(t, filepath.Join(top, "tidings"), 0o700) // anyone may rename it and put theirs
	path := writeFileMode(t, filepath.Join(dir, "config.toml"), configDoc, 0o600)
	_, err := Load(path)
	wantRefused(t, err, "folder "+top+" is writable by other users (mode 0777)", "chmod go-w "+top)
}

func TestConfigInAFolderOwnedByAnotherUserIsRefused(t *testing.T) {
	dir := mkdir(t, filepath.Join(t.TempDir(), "theirs"), 0o755)
	path := writeFileMode(t, filepath.Join(dir, "config.toml"), configDoc, 0o600)
	giveAway(t, dir)
	_, err := Load(path)
	wantRefused(t, err, "config "+path+": ", "folder "+dir+" is owned by ")
}

func TestConfigLinkedToAFileOfAnotherUserIsRefused(t *testing.T) {
	target := writeFileMode(t, filepath.Join(safeDir(t), "their.toml"), configDoc, 0o644)
	giveAway(t, target)
	link := filepath.Join(safeDir(t), "config.toml")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	_, err := Load(link)
	wantRefused(t, err, "config "+link+": ", "file "+target+" is owned by ")
}

func TestConfigLinkInAFolderOthersMayWriteIsRefused(t *testing.T) {
	target := writeFileMode(t, filepath.Join(safeDir(t), "mine.toml"), configDoc, 0o600)
	shared := mkdir(t, filepath.Join(t.TempDir(), "public"), 0o777|os.ModeSticky)
	link := filepath.Join(shared, "config.toml") // whoever made the link chose the file
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	_, err := Load(link)
	wantRefused(t, err, "folder "+shared+" is writable by other users (mode 1777)")
}

func TestConfigLinkChainIsCheckedAllTheWay(t *testing.T) {
	// ~/.config/tidings/config.toml -> ../../dots/config.toml -> /shared/real.toml:
	// the middle link is fine, the folder the last one leads to is not.
	home := safeDir(t)
	shared := mkdir(t, filepath.Join(t.TempDir(), "public"), 0o777)
	real := writeFileMode(t, filepath.Join(shared, "real.toml"), configDoc, 0o600)
	dots := mkdir(t, filepath.Join(home, "dots"), 0o755)
	if err := os.Symlink(real, filepath.Join(dots, "config.toml")); err != nil {
		t.Fatal(err)
	}
	dir := mkdir(t, filepath.Join(home, ".config", "tidings"), 0o755)
	link := filepath.Join(dir, "config.toml")
	if err := os.Symlink("../../dots/config.toml", link); err != nil {
		t.Fatal(err)
	}
	_, err := Load(link)
	wantRefused(t, err, "folder "+shared+" is writable by other users")
}

func TestConfigInTheUsualLayoutIsAccepted(t *testing.T) {
	isolate(t)
	// A folder others may write, when sticky like /tmp, is passed through
	// on the way to a folder of the user's: nobody else can rename that.
	tmp := mkdir(t, filepath.Join(t.TempDir(), "tmp"), 0o777|os.ModeSticky)
	home := mkdir(t, filepath.Join(tmp, "home"), 0o700)
	dir := mkdir(t, filepath.Join(home, ".config", "tidings"), 0o755)
	path := writeFileMode(t, filepath.Join(dir, "config.toml"), configDoc, 0o644)
	if c, err := Load(path); err != nil || c.MaxItems != 100 {
		t.Fatalf("Load(%s) = max_items %d, %v", path, c.MaxItems, err)
	}
	// A dotfiles link, relative and through "..", is followed and fine.
	dots := mkdir(t, filepath.Join(home, "dotfiles"), 0o700)
	writeFileMode(t, filepath.Join(dots, "tidings.toml"), "max_items = 7\n", 0o600)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../dotfiles/tidings.toml", path); err != nil {
		t.Fatal(err)
	}
	if c, err := Load(path); err != nil || c.MaxItems != 7 {
		t.Fatalf("Load(%s) through a link = max_items %d, %v", path, c.MaxItems, err)
	}
	// A relative path is walked from the working folder.
	t.Chdir(dir)
	if c, err := Load("config.toml"); err != nil || c.MaxItems != 7 {
		t.Fatalf("Load(config.toml) = max_items %d, %v", c.MaxItems, err)
	}
}

func TestConfigThatIsNoRegularFileIsRefused(t *testing.T) {
	for _, path := range []string{"/dev/zero", t.TempDir()} {
		_, err := Load(path)
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "config "+path+": ") {
			t.Errorf("Load(%s) = %v, want one line naming the file", path, err)
		}
	}
}

func TestConfigLinkLoopIsAnError(t *testing.T) {
	dir := safeDir(t)
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.Symlink(b, a); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(a, b); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(a); err == nil || !strings.Contains(err.Error(), "config "+a+": ") {
		t.Fatalf("Load(loop) = %v, want an error naming the file", err)
	}
}
