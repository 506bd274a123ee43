package ui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// The reader's whole article: f toggles between the feed's text and the
// article of the item's page, which the engine fetches on demand (a Cmd
// through its one HTTP door) when the item has none yet. The toggle stays
// as it was set from one item to the next; an item without an article
// shows the feed's text and says so.

// hasArticle reports whether the shown item has a fetched article.
func (r *readerPane) hasArticle() bool {
	return r.item != nil && r.item.Article.Status == store.ArticleFetched && r.item.Article.HTML != ""
}

// showingArticle reports whether the reader shows the whole article.
func (r *readerPane) showingArticle() bool { return r.whole && r.hasArticle() }

// source is the HTML the reader renders: the article when it is shown,
// else the item's content, else its summary.
func (r *readerPane) source() string {
	if r.showingArticle() {
		return r.item.Article.HTML
	}
	if strings.TrimSpace(r.item.Content) == "" {
		return r.item.Summary
	}
	return r.item.Content
}

// toggleArticle is f: the feed's text when the article is shown, the
// article at once when the item has one, else a fetch of its page.
func (r *readerPane) toggleArticle() tea.Cmd {
	if r.item == nil {
		return nil
	}
	id := r.item.ID
	switch {
	case r.showingArticle():
		r.whole = false
		r.out.say("the feed's text", nil)
		return r.rerender()
	case r.hasArticle():
		r.whole = true
		r.out.say("the whole article", nil)
		return r.rerender()
	case r.fetching[id]:
		r.out.say("fetching the article…", nil)
		return nil
	}
	r.whole = true
	r.fetching[id] = true
	r.out.say("fetching the article…", nil)
	r.refresh()
	return routeTo(r, r.be.fetchArticle(id))
}

// rerender renders the shown item again from the top (its source changed).
func (r *readerPane) rerender() tea.Cmd {
	r.doc, r.renderedFor = rendered{}, 0
	r.vp.GotoTop()
	r.refresh()
	return r.render()
}

// articleEvent reads the shown item again when the engine stored its
// article (a full-text feed's sync, tidings article), unless the reader's
// own fetch of it will bring it.
func (r *readerPane) articleEvent(ev engine.ArticleFetched) tea.Cmd {
	if r.item == nil || ev.ItemID != r.item.ID || r.fetching[ev.ItemID] {
		return nil
	}
	return routeTo(r, r.be.itemArticle(ev.ItemID))
}

// articleArrived takes an item read again for its article: the outcome of
// f goes to the status line in one line; the shown item takes the
// article, which is shown when the toggle is on and offered when not.
func (r *readerPane) articleArrived(m articleMsg) tea.Cmd {
	if m.asked {
		delete(r.fetching, m.id)
		r.sayFetched(m)
	}
	if m.err != nil || r.item == nil || r.item.ID != m.id {
		if r.item != nil {
			r.refresh()
		}
		return nil
	}
	had, was := r.hasArticle(), r.item.Article.HTML
	r.item.Article = m.item.Article
	if !m.asked && !had && r.hasArticle() && !r.whole {
		r.out.say("the whole article is here — f shows it", nil)
	}
	if r.whole && r.hasArticle() && (!had || was != r.item.Article.HTML) {
		return r.rerender()
	}
	r.refresh()
	return nil
}

// sayFetched puts the outcome of f on the status line.
func (r *readerPane) sayFetched(m articleMsg) {
	res := m.result
	switch {
	case m.err != nil:
		r.out.say("whole article", m.err)
	case res.Status == store.ArticleFetched:
		r.out.say(fmt.Sprintf("whole article fetched: %s", minutesText(res.Minutes)), nil)
	case res.Status == store.ArticleKept:
		r.out.say("no whole article: "+res.Note, nil)
	case res.Err != nil:
		r.out.say("whole article", res.Err)
	default:
		r.out.say("whole article: not fetched", nil)
	}
}

// articleLine says where the shown item's whole article stands, with the
// key that acts on it, and the article's byline and reading time; "" when
// there is nothing to say (no article, the toggle off).
func (r *readerPane) articleLine() string {
	it, a := r.item, r.item.Article
	switch {
	case r.fetching[it.ID]:
		return "fetching the whole article…"
	case r.showingArticle():
		return "whole article" + articleFacts(a) + " — f shows the feed's text"
	case r.hasArticle():
		return "whole article fetched" + articleFacts(a) + " — f shows it"
	case a.Status == store.ArticleFailed:
		return "whole article failed: " + a.Error + " — f tries again"
	case a.Status == store.ArticleKept && a.Error != "":
		return a.Error
	case a.Status == store.ArticleKept:
		return "the page has no more text than the feed: the feed's text is kept"
	case a.Status == store.ArticleQueued:
		return "whole article queued for the next sync — f fetches it now"
	case a.Status == store.ArticleFetching:
		return "whole article being fetched — f fetches it now"
	case r.whole:
		return "no whole article yet — f fetches it"
	}
	return ""
}

// articleFacts are an article's byline and reading time, after a space.
func articleFacts(a store.Article) string {
	s := ""
	if a.Byline != "" {
		s += " by " + a.Byline
	}
	if m := engine.ReadingMinutes(store.Item{Article: a}); m > 0 { // the article's own
		s += " · " + minutesText(m)
	}
	return s
}

// minutesText words a reading time.
func minutesText(m int) string { return fmt.Sprintf("%d min read", m) }
