//go:build unix

package ui

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
)

// The reader's a dialog takes a command source as tidings add does, and
// downloads the new feed at once: its command runs.
func TestSubscribeToACommandFromTheReader(t *testing.T) {
	f := newFixture(t)
	script := filepath.Join(t.TempDir(), "feed.sh")
	rss := `<rss version="2.0"><channel><title>Scripted</title><item><guid>s1</guid><title>From the script</title></item></channel></rss>`
	if err := os.WriteFile(script, []byte("#!/bin/sh\nprintf '%s' '"+rss+"'\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45, withEngine(engine.New(f.st, config.Default(), engine.Options{})))
	h.keys("a")
	h.typeText("exec:" + script)
	h.keys("enter")
	h.waitFor("the command feed's item", func() bool {
		fd, err := f.st.Feed(context.Background(), 5)
		return err == nil && fd.ItemCount == 1
	})
	fd, _ := f.st.Feed(context.Background(), 5)
	if fd.URL != "exec:"+script || fd.Title != "Scripted" {
		t.Fatalf("feed = %q %q", fd.URL, fd.Title)
	}
}
