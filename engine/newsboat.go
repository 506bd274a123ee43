package engine

import (
	"context"
	"fmt"
	"io"

	"github.com/tidings-rss/tidings/engine/opml"
	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/store"
)

// NewsboatImported is what ImportNewsboat did.
type NewsboatImported struct {
	// Searches and Rules count the saved searches and rules added.
	Searches, Rules int
	// Notices say, one line each, what was not imported and why: every
	// query or ignore-article line that does not translate, by file and
	// line, and names already taken.
	Notices []string
}

// ImportNewsboat turns a newsboat urls file's query feeds into saved
// searches and a newsboat config's ignore-article lines into rules (delete,
// or hide under ignore-mode "display"). Either reader may be nil. Feeds in
// the urls file are not subscribed here; nothing untranslatable is dropped
// silently. urlsName and configName name the files in notices.
func (e *Engine) ImportNewsboat(ctx context.Context, urls io.Reader, urlsName string, config io.Reader, configName string) (NewsboatImported, error) {
	var out NewsboatImported
	if urls != nil {
		queries, bad, err := query.ReadNewsboatURLs(urls)
		if err != nil {
			return out, fmt.Errorf("%s: %w", urlsName, err)
		}
		out.Notices = append(out.Notices, untranslated(urlsName, bad)...)
		if err := e.newsboatSearches(ctx, urlsName, queries, &out); err != nil {
			return out, err
		}
	}
	if config != nil {
		rules, bad, err := query.ReadNewsboatConfig(config)
		if err != nil {
			return out, fmt.Errorf("%s: %w", configName, err)
		}
		out.Notices = append(out.Notices, untranslated(configName, bad)...)
		if err := e.newsboatRules(ctx, rules, &out); err != nil {
			return out, err
		}
	}
	return out, nil
}

func untranslated(file string, bad []query.Untranslated) []string {
	out := make([]string, 0, len(bad))
	for _, u := range bad {
		out = append(out, file+" "+u.String()+" (not imported)")
	}
	return out
}

func (e *Engine) newsboatSearches(ctx context.Context, file string, queries []query.NewsboatQuery, out *NewsboatImported) error {
	for _, q := range queries {
		imp := Imported{}
		if err := e.importSearches(ctx, []opml.Search{{Name: q.Name, Query: q.Expr.String()}}, &imp); err != nil {
			return err
		}
		out.Searches += imp.Searches
		for _, n := range imp.Notices {
			out.Notices = append(out.Notices, fmt.Sprintf("%s line %d: %s", file, q.Line, n))
		}
	}
	return nil
}

func (e *Engine) newsboatRules(ctx context.Context, rules []query.NewsboatRule, out *NewsboatImported) error {
	have, err := e.store.Rules(ctx)
	if err != nil {
		return err
	}
	for _, r := range rules {
		action := store.ActionDelete
		if r.Hide {
			action = store.ActionHide
		}
		if hasRule(have, r.Expr.String(), action, 0) {
			continue
		}
		added, err := e.AddRule(ctx, r.Expr.String(), action, 0)
		if err != nil {
			return err
		}
		have = append(have, added)
		out.Rules++
	}
	return nil
}
