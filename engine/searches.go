package engine

import (
	"context"
	"strings"

	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// SaveSearch checks and stores an expression under a name, made plain
// text by sanitize.Text (replacing the expression of a search of that
// name); it shows in the reader's tree.
func (e *Engine) SaveSearch(ctx context.Context, name, expr string) (store.SavedSearch, error) {
	if _, err := ParseExpression(expr); err != nil {
		return store.SavedSearch{}, err
	}
	return e.store.SaveSearch(ctx, sanitize.Text(name), expr)
}

// SavedSearches lists the saved searches by name with their unread counts.
func (e *Engine) SavedSearches(ctx context.Context) ([]store.SavedSearchCount, error) {
	return e.store.SavedSearchCounts(ctx)
}

// RemoveSearch deletes the saved search called name.
func (e *Engine) RemoveSearch(ctx context.Context, name string) error {
	return e.store.RemoveSavedSearch(ctx, name)
}

// SavedQuery is the item query of the saved search called name.
func (e *Engine) SavedQuery(ctx context.Context, name string) (store.ItemQuery, error) {
	ss, err := e.store.SavedSearchNamed(ctx, name)
	if err != nil {
		return store.ItemQuery{}, err
	}
	return e.SearchQuery(ss)
}

// SearchQuery is a saved search's item query (its expression parsed; no
// I/O).
func (e *Engine) SearchQuery(ss store.SavedSearch) (store.ItemQuery, error) {
	f, err := e.store.Filter(ss)
	if err != nil {
		return store.ItemQuery{}, err
	}
	return store.ItemQuery{Filter: f}, nil
}

// WordsExpression is the expression that finds words through the
// full-text index, as the reader's word search does: text:"words".
func WordsExpression(words string) string {
	return (&query.FullText{Text: words}).String()
}

// ExpressionWords are the words a reader highlights in the items an
// expression finds: its text:"…" terms (not those under a not), joined by
// spaces; "" when it has none.
func ExpressionWords(e query.Expr) string {
	return strings.Join(query.HighlightWords(e), " ")
}
