package cli

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// tidingsPTY is the reader on a copy of the store at db, 4 downloads in
// flight and an unthrottled bucket (as the sync benchmarks and newsboat's
// reload-threads 4).
func tidingsPTY(db string) ptyClient {
	return ptyClient{
		name: "tidings",
		start: func(dir string) (*ptyProgram, error) {
			cfg := filepath.Join(dir, "config", "tidings", "config.toml")
			if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(cfg, []byte("[sync]\ndownload_threads = 4\nbucket_refill_per_second = 0\n"), 0o644); err != nil {
				return nil, err
			}
			copyDB := filepath.Join(dir, "tidings.db")
			if err := copyFile(db, copyDB); err != nil {
				return nil, err
			}
			cmd := exec.Command(binPath, "--db", copyDB)
			cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"),
				"XDG_DATA_HOME="+filepath.Join(dir, "data"), "TERM=xterm-256color", "COLORTERM=truecolor")
			return startInPTY(cmd, responsiveRows, responsiveCols)
		},
		ready: func(s *screen) bool {
			return s.contains(readerNewest) && s.contains(readerFolder) && oneSelection(s)
		},
		prompt:  "Find",
		results: func(word string) string { return "Search: " + word },
		back:    "h",
	}
}

// newsboatConfig draws newsboat's selection in reverse video and nothing
// else, as tidings does, so that one reading of the screen serves both;
// 4 reload threads as tidings' downloads.
const newsboatConfig = `reload-threads 4
color background default default
color listnormal default default
color listnormal_unread default default
color listfocus default default reverse
color listfocus_unread default default reverse
color info default default
color article default default
bind-key j down
bind-key k up
`

// newsboatPTY is newsboat on a copy of the cache.db at cache, with the
// urls file beside it.
func newsboatPTY(cache string, sh readerShape) ptyClient {
	return ptyClient{
		name: "newsboat",
		start: func(dir string) (*ptyProgram, error) {
			if err := copyFile(cache, filepath.Join(dir, "cache.db")); err != nil {
				return nil, err
			}
			if err := copyFile(filepath.Join(filepath.Dir(cache), "urls"), filepath.Join(dir, "urls")); err != nil {
				return nil, err
			}
			if err := os.WriteFile(filepath.Join(dir, "config"), []byte(newsboatConfig), 0o644); err != nil {
				return nil, err
			}
			cmd := newsboatCommand(dir)
			return startInPTY(cmd, responsiveRows, responsiveCols)
		},
		ready: func(s *screen) bool {
			return s.contains(fmt.Sprintf("(%d/%d)", sh.perFeed, sh.perFeed)) && oneSelection(s)
		},
		prompt:  "Search for:",
		results: func(string) string { return "Search result" },
		back:    "q",
	}
}

// newsboatCommand is newsboat on the urls, cache.db and config in dir.
func newsboatCommand(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(newsboatPath(), append([]string{"-u", filepath.Join(dir, "urls"),
		"-c", filepath.Join(dir, "cache.db"), "-C", filepath.Join(dir, "config")}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config.d"),
		"XDG_DATA_HOME="+filepath.Join(dir, "data"), "TERM=xterm-256color")
	return cmd
}

// generateNewsboatCache writes in dir the urls file and a cache.db with
// the same feeds and items as generateReaderStore's: newsboat makes its
// tables (-x print-unread on an empty cache), the items go in with SQL.
func generateNewsboatCache(ctx context.Context, dir string, sh readerShape) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	var urls strings.Builder
	for f := range sh.feeds {
		urls.WriteString(sh.feedURL(f) + "\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "urls"), []byte(urls.String()), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "config"), []byte(newsboatConfig), 0o644); err != nil {
		return "", err
	}
	if out, err := newsboatCommand(dir, "-x", "print-unread").CombinedOutput(); err != nil {
		return "", fmt.Errorf("newsboat cache: %w: %s", err, out)
	}
	path := filepath.Join(dir, "cache.db")
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		return "", fmt.Errorf("newsboat cache: %w", err)
	}
	defer db.Close()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return "", fmt.Errorf("newsboat cache: %w", err)
	}
	defer tx.Rollback()
	err = eachReaderFeed(sh, time.Now(), func(f int, url string, doc *document.Document) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO rss_feed (rssurl, url, title) VALUES (?, ?, ?)`,
			url, fmt.Sprintf("http://example.com/%d/", f), doc.Title); err != nil {
			return err
		}
		for _, it := range doc.Items {
			if _, err := tx.ExecContext(ctx, `INSERT INTO rss_item (guid, title, author, url, feedurl, pubDate, content, unread)
				VALUES (?, ?, '', ?, ?, ?, ?, 1)`, it.GUID, it.Title, it.Link, url, it.Published.Unix(), it.Content); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("newsboat cache: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return "", fmt.Errorf("newsboat cache: %w", err)
	}
	return path, nil
}

// copyFile copies the file at from to to, with its -wal beside it when
// there is one.
func copyFile(from, to string) error {
	if err := copyOne(from, to); err != nil {
		return err
	}
	if _, err := os.Stat(from + "-wal"); err == nil {
		return copyOne(from+"-wal", to+"-wal")
	}
	return nil
}

func copyOne(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return fmt.Errorf("copy: %w", err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("copy: %w", err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy %s: %w", from, err)
	}
	return out.Close()
}
