//go:build unix

package ui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// markerScript writes dir/name, a script that writes its feed title to
// marker, with exactly mode.
func markerScript(t *testing.T, dir, name, marker string, mode os.FileMode) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\nprintf '%s' \"$TIDINGS_FEED\" > '"+marker+"'\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestNotifyCommandInAFolderOthersMayWriteIsNotRun(t *testing.T) {
	shared := filepath.Join(t.TempDir(), "public")
	if err := os.Mkdir(shared, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o777); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(t.TempDir(), "ran")
	prog := markerScript(t, shared, "notify", marker, 0o755)
	b := backend{ctx: context.Background()}
	msg, ok := b.notify(prog+" 'new items'", "Pod", 2)().(notifiedMsg)
	if !ok || msg.refused == nil || !strings.Contains(msg.refused.Error(), "notify_command: will not run "+prog+": folder "+shared+" is writable by other users") {
		t.Fatalf("notify = %+v, want a refusal naming the folder", msg)
	}
	if _, err := os.Stat(marker); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the refused notify_command ran (%v)", err)
	}
	// The same script in a folder of the user's runs.
	prog = markerScript(t, t.TempDir(), "notify", marker, 0o755)
	if msg := b.notify(prog, "Pod", 2)().(notifiedMsg); msg.err != nil || msg.refused != nil {
		t.Fatalf("notify = %+v", msg)
	}
	if got, err := os.ReadFile(marker); err != nil || string(got) != "Pod" {
		t.Errorf("the notify_command wrote %q, %v", got, err)
	}
}

func TestPlayerOthersMayWriteIsNotRun(t *testing.T) {
	ps := newPodcastSetup(t)
	h := ps.h
	player := h.m.opts.Config.Enclosures.Player
	if err := os.Chmod(player, 0o777); err != nil {
		t.Fatal(err)
	}
	h.selectNode("Pod")
	h.keys("tab", "enter", "e")
	h.waitFor("downloaded", func() bool { return strings.Contains(h.view(), "downloaded: ") })
	h.keys("P")
	h.waitFor("refused", func() bool { return strings.HasPrefix(h.m.status.message, "player: ") })
	if msg := h.m.status.message; !strings.Contains(msg, "will not run "+player+": file "+player+" is writable by other users (mode 0777); chmod go-w "+player) {
		t.Errorf("status after P: %q", msg)
	}
	if _, err := os.Stat(ps.played); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the refused player ran (%v)", err)
	}
}

func TestBrowserAndClipboardProgramsOthersMayWriteAreNotRun(t *testing.T) {
	shared := filepath.Join(t.TempDir(), "public")
	if err := os.Mkdir(shared, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(t.TempDir(), "ran")
	prog := markerScript(t, shared, "browser", marker, 0o755)
	markerScript(t, shared, "wl-copy", marker, 0o755)

	t.Setenv("BROWSER", prog)
	if _, err := (browser{}).command("https://example.org/"); err == nil || !strings.Contains(err.Error(), "folder "+shared+" is writable by other users") {
		t.Errorf("the browser with $BROWSER in a shared folder = %v, want a refusal", err)
	}
	t.Setenv("PATH", shared)
	if _, err := copyProgram("text"); err == nil || !strings.Contains(err.Error(), "will not run wl-copy: $PATH folder "+shared+" is writable by other users") {
		t.Errorf("copyProgram with wl-copy in a shared folder = %v, want a refusal", err)
	}
	if _, err := os.Stat(marker); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a refused program ran (%v)", err)
	}
}
