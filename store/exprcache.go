package store

import (
	"sync"

	"github.com/tidings-rss/tidings/engine/query"
)

// exprCache keeps parsed expressions by their text, so a download does not
// parse every rule again. Parsed trees are never modified, so sharing them
// is safe.
type exprCache struct {
	mu     sync.Mutex
	parsed map[string]query.Expr
}

// maxCachedExprs bounds the cache; past it, the cache starts over.
const maxCachedExprs = 1024

// parseExpr parses text through the cache.
func (s *Store) parseExpr(text string) (query.Expr, error) {
	c := &s.exprs
	c.mu.Lock()
	e, ok := c.parsed[text]
	c.mu.Unlock()
	if ok {
		return e, nil
	}
	e, err := query.Parse(text)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.parsed == nil || len(c.parsed) >= maxCachedExprs {
		c.parsed = make(map[string]query.Expr)
	}
	c.parsed[text] = e
	c.mu.Unlock()
	return e, nil
}
