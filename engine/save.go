package engine

import (
	"errors"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/engine/markdown"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// maxSaveTries bounds the search for a free name when an article is saved.
const maxSaveTries = 1000

// ArticleMarkdown is an item as Markdown: its title as a heading, a list
// of its feed, author, date (in loc) and link, then body, the sanitized
// HTML to show (its content, summary or whole article). No control
// character but the line breaks and tabs is left in it (sanitize.Terminal):
// it goes to files and to commands that may print it.
func ArticleMarkdown(it store.Item, body string, loc *time.Location) string {
	var b strings.Builder
	title := strings.Join(strings.Fields(it.Title), " ")
	if title != "" {
		b.WriteString("<h1>" + html.EscapeString(title) + "</h1>")
	}
	b.WriteString("<ul>")
	fact := func(name, value string) {
		if value = strings.Join(strings.Fields(value), " "); value != "" {
			b.WriteString("<li>" + name + ": " + html.EscapeString(value) + "</li>")
		}
	}
	fact("Feed", it.FeedTitle)
	fact("Author", it.Author)
	fact("Date", it.Date.In(loc).Format("2006-01-02 15:04 MST"))
	if link := strings.TrimSpace(it.Link); link != "" {
		b.WriteString(`<li>Link: <a href="` + html.EscapeString(link) + `">` + html.EscapeString(link) + "</a></li>")
	}
	b.WriteString("</ul>")
	return sanitize.Terminal(markdown.FromHTML(b.String() + "<div>" + body + "</div>"))
}

// SaveArticle writes an item as Markdown (ArticleMarkdown of body) to a
// new file in dir and returns its path. The name is the item's title made
// safe as enclosure names are ("article-ID" without one) with ".md"; a
// name taken gets "-1", "-2"… before the extension, so no file is ever
// overwritten. dir must pass config.CheckDataFolder; it is created (0700)
// when missing, and the file is created 0644.
func SaveArticle(it store.Item, body, dir string, loc *time.Location) (string, error) {
	if err := config.CheckDataFolder(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("save article: %w", err)
	}
	name := enclosure.CleanFileName(it.Title)
	if name == "" {
		name = "article-" + strconv.FormatInt(it.ID, 10)
	}
	text := ArticleMarkdown(it, body, loc)
	for n := range maxSaveTries {
		p := filepath.Join(dir, name+".md")
		if n > 0 {
			p = filepath.Join(dir, name+"-"+strconv.Itoa(n)+".md")
		}
		err := writeNew(p, text)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("save article: %w", err)
		}
		return p, nil
	}
	return "", fmt.Errorf("save article: %s.md and %d numbered names are taken in %s", name, maxSaveTries-1, dir)
}

// writeNew writes text to a file at p that did not exist (fs.ErrExist
// when one does); a file it could not finish is removed.
func writeNew(p, text string) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(p)
	}
	return err
}
