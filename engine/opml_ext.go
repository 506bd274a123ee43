package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/engine/opml"
	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// importSearches adds an OPML document's saved searches. One whose name is
// taken keeps the existing search; a bad query is left out; each says so
// in a notice.
func (e *Engine) importSearches(ctx context.Context, searches []opml.Search, out *Imported) error {
	for _, s := range searches {
		s.Name = sanitize.Text(s.Name) // as SaveSearch stores it
		old, err := e.store.SavedSearchNamed(ctx, s.Name)
		switch {
		case err == nil && old.Expr == s.Query:
			continue
		case err == nil:
			out.Notices = append(out.Notices, fmt.Sprintf("saved search %s: the name is taken; kept the existing one", sanitize.Named(s.Name)))
			continue
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
		if _, err := e.SaveSearch(ctx, s.Name, s.Query); err != nil {
			if errors.Is(err, store.ErrInvalid) || isParseError(err) {
				out.Notices = append(out.Notices, fmt.Sprintf("saved search %s left out: %v", sanitize.Named(s.Name), err))
				continue
			}
			return err
		}
		out.Searches++
	}
	return nil
}

// importRules adds an OPML document's rules. A rule already there is not
// added twice; a bad query or action, or a feed that is not subscribed,
// leaves the rule out with a notice.
func (e *Engine) importRules(ctx context.Context, rules []opml.Rule, out *Imported) error {
	have, err := e.store.Rules(ctx)
	if err != nil {
		return err
	}
	for _, r := range rules {
		var feedID int64
		if r.FeedURL != "" {
			f, err := e.store.ResolveFeed(ctx, r.FeedURL)
			if err != nil {
				out.Notices = append(out.Notices, fmt.Sprintf("rule %s for %s left out: %v", sanitize.Shown(r.Query), r.FeedURL, err))
				continue
			}
			feedID = f.ID
		}
		if hasRule(have, r.Query, r.Action, feedID) {
			continue
		}
		added, err := e.AddRule(ctx, r.Query, r.Action, feedID)
		if err != nil {
			out.Notices = append(out.Notices, fmt.Sprintf("rule %s left out: %v", sanitize.Shown(r.Query), err))
			continue
		}
		have = append(have, added)
		out.Rules++
	}
	return nil
}

func hasRule(rules []store.Rule, expr, action string, feedID int64) bool {
	for _, r := range rules {
		if r.Expr == expr && r.Action == action && r.FeedID == feedID {
			return true
		}
	}
	return false
}

// isParseError reports whether err is a bad expression.
func isParseError(err error) bool {
	var pe *query.Error
	return errors.As(err, &pe)
}

// exportExtensions puts the saved searches and rules into doc; a rule's
// feed goes by its URL.
func (e *Engine) exportExtensions(ctx context.Context, doc *opml.Document, feeds []store.Feed) error {
	searches, err := e.store.SavedSearches(ctx)
	if err != nil {
		return err
	}
	for _, s := range searches {
		doc.Searches = append(doc.Searches, opml.Search{Name: s.Name, Query: s.Expr})
	}
	rules, err := e.store.Rules(ctx)
	if err != nil {
		return err
	}
	urls := make(map[int64]string, len(feeds))
	for _, f := range feeds {
		urls[f.ID] = f.URL
	}
	for _, r := range rules {
		doc.Rules = append(doc.Rules, opml.Rule{Query: r.Expr, Action: r.Action, FeedURL: urls[r.FeedID]})
	}
	return nil
}
