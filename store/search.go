package store

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/sanitize"
)

// Search returns up to limit items whose title or content holds every word
// of text (prefixes match), newest first. Search syntax in text is not
// interpreted: each word is matched as a quoted term. It is the page of
// Items with text as the filter's one full-text test, so the plan for a
// frequent word walks the items by date (textPlan).
func (s *Store) Search(ctx context.Context, text string, limit int) ([]Item, error) {
	if ftsQuery(text) == "" {
		return nil, nil
	}
	if limit <= 0 {
		limit = 200
	}
	items, err := s.Items(ctx, ItemQuery{Filter: &query.FullText{Text: text}, Limit: limit})
	if err != nil {
		return nil, fmt.Errorf("search %s: %w", sanitize.Shown(text), err)
	}
	return items, nil
}

// ftsQuery turns free text into an FTS4 query of quoted prefix terms. A
// term holding a run of an unsegmented script is cut into that run's
// bigrams as the index holds them (ngramQuery): quoted, they are a phrase
// that matches where they follow each other, so "天気" finds
// "東京の天気は晴れ".
func ftsQuery(text string) string {
	var terms []string
	for _, w := range strings.Fields(text) {
		w = strings.ReplaceAll(w, `"`, "")
		if w == "" {
			continue
		}
		cut := ngramQuery(w)
		phrase := strings.TrimSpace(cut)
		if last := phrase[strings.LastIndexByte(phrase, ' ')+1:]; !strings.HasSuffix(cut, " ") || utf8.RuneCountInString(last) < 2 {
			phrase += "*" // a bigram is a whole token: no prefix to expand
		}
		terms = append(terms, `"`+phrase+`"`)
	}
	return strings.Join(terms, " ")
}
