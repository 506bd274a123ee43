package store

import (
	"sync"

	"github.com/tidings-rss/tidings/engine/query"
)

// exprCache keeps parsed expressions and compiled ~ patterns by their
// text, so a download does not parse every rule again and SQLite's
// REGEXP does not compile a pattern per row. Parsed trees and matchers are
// never modified, so sharing them is safe.
type exprCache struct {
	mu       sync.Mutex
	parsed   map[string]query.Expr
	matchers map[string]matcher
}

// maxCached bounds each map of the cache; past it, that map starts over.
const maxCached = 1024

// parseExpr parses text through the cache.
func (s *Store) parseExpr(text string) (query.Expr, error) {
	c := s.exprs
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
	if c.parsed == nil || len(c.parsed) >= maxCached {
		c.parsed = make(map[string]query.Expr)
	}
	c.parsed[text] = e
	c.mu.Unlock()
	return e, nil
}

// matcher returns the compiled matcher of a ~ pattern.
func (c *exprCache) matcher(pattern string) (matcher, error) {
	c.mu.Lock()
	m, ok := c.matchers[pattern]
	c.mu.Unlock()
	if ok {
		return m, nil
	}
	m, err := compileMatcher(pattern)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.matchers == nil || len(c.matchers) >= maxCached {
		c.matchers = make(map[string]matcher)
	}
	c.matchers[pattern] = m
	c.mu.Unlock()
	return m, nil
}

// regexp implements SQLite's "value REGEXP pattern": the query language's
// ~, a case-insensitive RE2 expression matched anywhere in value.
func (c *exprCache) regexp(pattern, value string) (bool, error) {
	m, err := c.matcher(pattern)
	if err != nil {
		return false, err
	}
	return m(value), nil
}
