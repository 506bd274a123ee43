package store

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tidings-rss/tidings/engine/query"
)

// At merge time rules are evaluated in Go over the stored rows of the
// items one download added or changed: the same values, the same ~
// matcher and the same folding as the SQL that compileFilter writes for
// lists (TestRuleEvaluationAgreesWithSQL holds the two together), without
// a SQL function call per row and rule. Only text: asks SQLite, once per
// term, which of the items the full-text index holds.

// ruleItem is one stored item as rules see it.
type ruleItem struct {
	id                                   int64
	key, title, author, content, summary string
	link, categoriesJSON                 string
	read, flagged, hidden, enclosure     bool
	sortAt                               int64
	categories                           []string
	categoriesRead                       bool
}

// feedFacts is what rules see of the feed being downloaded.
type feedFacts struct {
	title, url string
	folder     string // its folder's path; "" outside any folder
}

// evaluator decides which rules match which items of one download.
type evaluator struct {
	cache *exprCache
	now   int64
	feed  feedFacts
	// fullText maps each text: term of the rules to the ids it finds.
	fullText map[string]map[int64]bool
	// selected maps each rule's id to the ids its SQL selects; only
	// without fastPaths (see ruleSelections).
	selected map[int64]map[int64]bool
}

// holds reports whether the rule numbered id, of expression e, matches
// it: by the Go evaluation, or without fastPaths by the SQL that
// compileFilter writes for e, which lists use and which is the reference.
func (ev *evaluator) holds(id int64, e query.Expr, it *ruleItem) bool {
	if fastPaths {
		return ev.match(e, it)
	}
	return ev.selected[id][it.id]
}

// match reports whether e holds for it.
func (ev *evaluator) match(e query.Expr, it *ruleItem) bool {
	switch e := e.(type) {
	case *query.And:
		return ev.match(e.Left, it) && ev.match(e.Right, it)
	case *query.Or:
		return ev.match(e.Left, it) || ev.match(e.Right, it)
	case *query.Not:
		return !ev.match(e.X, it)
	case *query.TextTest:
		return ev.text(e, it)
	case *query.BoolTest:
		return ev.boolean(e, it) == e.Value
	case *query.AgeTest:
		return ev.age(e, it.sortAt)
	case *query.FullText:
		return ev.fullText[e.Text][it.id]
	}
	panic(fmt.Sprintf("store: evaluate %T: unknown expression", e))
}

// text mirrors compiler.text: negative operators are NOT of the positive.
func (ev *evaluator) text(t *query.TextTest, it *ruleItem) bool {
	negate := t.Op == query.OpNe || t.Op == query.OpNotMatch
	match := t.Op == query.OpMatch || t.Op == query.OpNotMatch
	is := func(v string) bool { return equalNoCase(v, t.Value) }
	if match {
		m, err := ev.cache.matcher(t.Value)
		if err != nil {
			return negate // a pattern SQLite would refuse: the rule matches nothing
		}
		is = m
	}
	var hit bool
	switch t.Field {
	case query.FieldTitle:
		hit = is(it.title)
	case query.FieldAuthor:
		hit = is(it.author)
	case query.FieldLink:
		hit = is(it.link)
	case query.FieldContent:
		hit = is(it.content) || (match && it.summary != "" && is(it.summary))
	case query.FieldFeed:
		hit = is(ev.feed.title) || is(ev.feed.url)
	case query.FieldCategory:
		for _, c := range it.categoryList() {
			if is(c) {
				hit = true
				break
			}
		}
	case query.FieldFolder:
		hit = ev.folder(match, is, t.Value)
	}
	return hit != negate
}

// folder mirrors compiler.folder.
func (ev *evaluator) folder(match bool, is func(string) bool, v string) bool {
	path := ev.feed.folder
	switch {
	case match:
		return path != "" && is(path)
	case strings.Trim(v, "/ ") == "":
		return path == ""
	}
	p, err := CleanFolderPath(v)
	if err != nil {
		p = v
	}
	path, p = asciiLower(path), asciiLower(p)
	return path != "" && (path == p || strings.HasPrefix(path, p+"/"))
}

func (ev *evaluator) boolean(t *query.BoolTest, it *ruleItem) bool {
	switch t.Field {
	case query.FieldUnread:
		return !it.read
	case query.FieldFlagged:
		return it.flagged
	case query.FieldEnclosure:
		return it.enclosure
	}
	panic(fmt.Sprintf("store: evaluate boolean field %q", t.Field))
}

// age mirrors compiler.age, on the same sort date.
func (ev *evaluator) age(t *query.AgeTest, sortAt int64) bool {
	n := int64(t.Days)
	newer := func(d int64) int64 { return ev.now - d*day }
	inDay := sortAt > newer(n+1) && sortAt <= newer(n)
	switch t.Op {
	case query.OpLt:
		return sortAt > newer(n)
	case query.OpLe:
		return sortAt > newer(n+1)
	case query.OpGt:
		return sortAt <= newer(n+1)
	case query.OpGe:
		return sortAt <= newer(n)
	case query.OpEq:
		return inDay
	case query.OpNe:
		return !inDay
	}
	panic(fmt.Sprintf("store: evaluate age %q", t.Op))
}

// is reports whether the item already is what action makes it: hidden,
// read or flagged.
func (it *ruleItem) is(action string) bool {
	switch action {
	case ActionHide:
		return it.hidden
	case ActionRead:
		return it.read
	case ActionFlag:
		return it.flagged
	}
	return false
}

// categoryList decodes the item's categories once.
func (it *ruleItem) categoryList() []string {
	if !it.categoriesRead {
		it.categoriesRead = true
		_ = json.Unmarshal([]byte(it.categoriesJSON), &it.categories)
	}
	return it.categories
}

// equalNoCase is SQLite's NOCASE equality: ASCII letters fold, nothing
// else does.
func equalNoCase(a, b string) bool {
	return len(a) == len(b) && asciiLower(a) == asciiLower(b)
}

// asciiLower is SQLite's lower() without ICU: ASCII letters only.
func asciiLower(s string) string {
	for i := range len(s) {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// fullTextTerms lists the distinct text: terms of the rules.
func fullTextTerms(rules []activeRule) []string {
	seen := map[string]bool{}
	var out []string
	var walk func(e query.Expr)
	walk = func(e query.Expr) {
		switch e := e.(type) {
		case *query.And:
			walk(e.Left)
			walk(e.Right)
		case *query.Or:
			walk(e.Left)
			walk(e.Right)
		case *query.Not:
			walk(e.X)
		case *query.FullText:
			if !seen[e.Text] {
				seen[e.Text] = true
				out = append(out, e.Text)
			}
		}
	}
	for _, r := range rules {
		walk(r.expr)
	}
	return out
}
