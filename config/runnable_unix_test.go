//go:build unix

package config

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// script writes an executable shell script to dir/name that creates
// marker when run, with exactly mode.
func script(t *testing.T, dir, name, marker string, mode os.FileMode) string {
	t.Helper()
	return writeFileMode(t, filepath.Join(dir, name), "#!/bin/sh\necho pw\n: > '"+marker+"'\n", mode)
}

// systemPath keeps the system's programs reachable behind dirs.
func systemPath(dirs ...string) string {
	return strings.Join(append(dirs, "/usr/local/bin", "/usr/bin", "/bin"), string(os.PathListSeparator))
}

// wantNotRun fails if marker exists: the command ran.
func wantNotRun(t *testing.T, marker string) {
	t.Helper()
	if _, err := os.Stat(marker); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the refused command ran (%s: %v)", marker, err)
	}
}

func TestCommandProgramOthersMayWriteIsRefused(t *testing.T) {
	for _, mode := range []os.FileMode{0o775, 0o757, 0o777} {
		t.Run(mode.String(), func(t *testing.T) {
			dir := safeDir(t)
			marker := filepath.Join(dir, "ran")
			prog := script(t, dir, "pw", marker, mode)
			t.Setenv("PATH", systemPath(dir))
			for _, cmd := range []string{prog, "pw", "pw --account rss | head -n 1", "true && " + prog} {
				wantRefused(t, CheckRunnable(cmd), "will not run ", ": file "+prog+" is writable by other users", "chmod go-w "+prog)
			}
			_, err := RemoteConfig{PasswordCommand: prog}.Secret(context.Background())
			wantRefused(t, err, "password_command: will not run")
			wantRefused(t, CheckProgram("pw"), "chmod go-w "+prog) // the player's way: no shell
			wantNotRun(t, marker)
		})
	}
}

func TestCommandProgramOwnedByAnotherUserIsRefused(t *testing.T) {
	dir := safeDir(t)
	marker := filepath.Join(dir, "ran")
	prog := script(t, dir, "pw", marker, 0o755)
	giveAway(t, prog)
	_, err := RemoteConfig{PasswordCommand: prog + " --quiet"}.Secret(context.Background())
	wantRefused(t, err, "file "+prog+" is owned by ")
	wantNotRun(t, marker)
}

func TestCommandProgramInAFolderOthersMayWriteIsRefused(t *testing.T) {
	for _, mode := range []os.FileMode{0o777, 0o777 | os.ModeSticky, 0o775} {
		t.Run(mode.String(), func(t *testing.T) {
			dir := mkdir(t, filepath.Join(t.TempDir(), "public"), mode)
			marker := filepath.Join(t.TempDir(), "ran")
			prog := script(t, dir, "pw", marker, 0o755)
			t.Setenv("PATH", systemPath(dir))
			for _, cmd := range []string{prog, "pw", "exec pw", ". " + prog} {
				wantRefused(t, CheckRunnable(cmd), "folder "+dir+" is writable by other users")
			}
			_, err := RemoteConfig{PasswordCommand: "pw"}.Secret(context.Background())
			wantRefused(t, err, "folder "+dir)
			wantNotRun(t, marker)
		})
	}
}

func TestCommandProgramLinkedIntoAFolderOfAnotherUserIsRefused(t *testing.T) {
	theirs := safeDir(t)
	marker := filepath.Join(t.TempDir(), "ran")
	prog := script(t, theirs, "notify", marker, 0o755)
	giveAway(t, theirs)
	bin := safeDir(t)
	if err := os.Symlink(prog, filepath.Join(bin, "notify")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", systemPath(bin))
	wantRefused(t, CheckRunnable("notify 'new items'"), "folder "+theirs+" is owned by ")
}

func TestCommandShadowedFromAPathFolderOthersMayWriteIsRefused(t *testing.T) {
	// The program is safe, but an earlier $PATH folder lets anyone put
	// one of the same name before it, now or between check and run.
	shared := mkdir(t, filepath.Join(t.TempDir(), "public"), 0o777|os.ModeSticky)
	bin := safeDir(t)
	script(t, bin, "pw", filepath.Join(bin, "ran"), 0o755)
	t.Setenv("PATH", systemPath(shared, bin))
	wantRefused(t, CheckRunnable("pw"), "will not run pw: $PATH folder "+shared+" is writable by other users (mode 1777); keep it in a folder of your own")
	// A $PATH folder that does not exist yet, in a folder others may write.
	t.Setenv("PATH", systemPath(filepath.Join(shared, "bin"), bin))
	wantRefused(t, CheckRunnable("pw"), "$PATH folder "+filepath.Join(shared, "bin")+": folder "+shared+" is writable")
}

func TestCommandsOfTheUsualKindAreAccepted(t *testing.T) {
	home := safeDir(t)
	t.Setenv("HOME", home)
	bin := mkdir(t, filepath.Join(home, "bin"), 0o700)
	marker := filepath.Join(home, "ran")
	script(t, bin, "pw", marker, 0o755)
	script(t, bin, "not-executable", marker, 0o644)
	t.Setenv("PATH", systemPath(bin))
	for _, cmd := range []string{
		"pw", "~/bin/pw", "$HOME/bin/pw", `"${HOME}/bin/pw" --quiet`, "LANG=C pw 2>/dev/null",
		"cat /etc/hostname | pw", "echo hi; exit 0", "true", "no-such-program-anywhere",
		"not-executable", "if test -x ~/bin/pw; then pw; fi", "{ pw; } >&2", "(pw)",
		"pw # a comment with $(nothing)", "printf '%s' \"$TIDINGS_FEED\"",
	} {
		if err := CheckRunnable(cmd); err != nil {
			t.Errorf("CheckRunnable(%q) = %v", cmd, err)
		}
	}
	cmd, err := ShellCommand(context.Background(), "pw")
	if err != nil || cmd.Path != "/bin/sh" {
		t.Fatalf("ShellCommand = %v, %v; want /bin/sh, never one found in $PATH", cmd, err)
	}
	if got, err := (RemoteConfig{PasswordCommand: "pw"}).Secret(context.Background()); err != nil || got != "pw" {
		t.Fatalf("Secret() = %q, %v", got, err)
	}
	if err := CheckProgram("pw"); err != nil {
		t.Errorf("CheckProgram(pw) = %v", err)
	}
}

func TestCommandsWhoseProgramsCannotBeKnownAreRefused(t *testing.T) {
	for _, cmd := range []string{
		"$(cat ~/prog)", "`cat ~/prog`", "echo $(id)", "$PROG --quiet", `"$TIDINGS_FEED"`,
		"~/bin/*.sh", "eval pw", "PATH=/tmp pw", "export PATH=/tmp:$PATH; pw",
		"cd /tmp && ./pw", "cat <<EOF\nx\nEOF", "'pw", `"pw`, "for p in a b; do $p; done",
		"case x in x) pw;; esac", "diff <(a) <(b)", "~nobody/bin/pw",
	} {
		err := CheckRunnable(cmd)
		if err == nil || !strings.HasPrefix(err.Error(), "cannot check what ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("CheckRunnable(%q) = %v, want a one-line refusal", cmd, err)
		}
	}
}

func TestCommandProgramsAreFoundAsTheShellFindsThem(t *testing.T) {
	t.Setenv("HOME", "/home/u")
	for _, tt := range []struct {
		cmd  string
		want []string
	}{
		{"notify-send tidings", []string{"notify-send"}},
		{"a|b;c&&d||e&f\ng", []string{"a", "b", "c", "d", "e", "f", "g"}},
		{"A=1 B='2 3' a x=y", []string{"a"}},
		{"2>/dev/null a >out <in 3>&1 b", []string{"a"}},
		{"a > b", []string{"a"}},
		{"exec a; command -p b", []string{"a", "b"}},
		{". ~/lib/x.sh; source y", []string{"/home/u/lib/x.sh", "y"}},
		{`"a b" 'c'`, []string{"a b"}},
		{`a\ b c`, []string{"a b"}},
		{"! a && { b; } || ( c )", []string{"a", "b", "c"}},
		{"while a; do b; done; until c; do :; done", []string{"a", "b", "c", ":"}},
		{"time a", []string{"time", "a"}},
		{"[ -x a ] && b", []string{"[", "b"}},
		{"a # b; c", []string{"a"}},
		{"a\\\nb", []string{"ab"}},
		{"${HOME}/x $", []string{"/home/u/x"}},
		{"cd /x; /y/z", []string{"cd", "/y/z"}},
	} {
		progs, err := commandPrograms(tt.cmd)
		var got []string
		for _, p := range progs {
			got = append(got, p.name)
		}
		if err != nil || strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("commandPrograms(%q) = %q, %v; want %q", tt.cmd, got, err, tt.want)
		}
	}
}
