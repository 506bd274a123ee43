package store

import (
	"fmt"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

// itemSortDate is the SQL of an item's sort date, from which the query
// language's age is counted: the published time, else the first-seen time
// (see migration 0001). It is the one place that names it, so a change of
// the sort date changes age everywhere.
const itemSortDate = "i.sort_at"

// day is the length of one day of age.
const day = 24 * 60 * 60

// compileFilter turns an expression into an SQL condition over items
// aliased "i" and its arguments. User text only ever travels as an
// argument. now is the instant age is counted from.
func compileFilter(e query.Expr, now time.Time) (string, []any) {
	return compilePlanned(e, now, matchesFirst)
}

// compilePlanned is compileFilter for a page found by plan (see
// textPlan): with dateFirst, a full-text test is written "+i.id IN …",
// which SQLite cannot look items up by, so it walks an index in date
// order and tests each item against the matches; with setFirst the
// expression's candidates lead, "i.id IN (candidates) AND (…)", and
// its full-text tests are written as with dateFirst (the test after AND
// is left out when the candidates are exactly its items).
func compilePlanned(e query.Expr, now time.Time, plan textPlan) (string, []any) {
	c := &compiler{now: now.Unix(), plan: plan}
	cand := candidatesOf(e, now)
	if plan != setFirst || cand == nil {
		c.expr(e)
		return c.b.String(), c.args
	}
	sql, args := cand.sql()
	c.write(`i.id IN (`+sql+`)`, args...)
	if !cand.exact {
		c.write(` AND (`)
		c.expr(e)
		c.write(`)`)
	}
	return c.b.String(), c.args
}

// compiler writes one condition.
type compiler struct {
	b    strings.Builder
	args []any
	now  int64
	plan textPlan
}

func (c *compiler) write(sql string, args ...any) {
	c.b.WriteString(sql)
	c.args = append(c.args, args...)
}

func (c *compiler) expr(e query.Expr) {
	switch e := e.(type) {
	case *query.And:
		c.binary(e.Left, " AND ", e.Right)
	case *query.Or:
		c.binary(e.Left, " OR ", e.Right)
	case *query.Not:
		c.write("NOT (")
		c.expr(e.X)
		c.write(")")
	case *query.TextTest:
		c.text(e)
	case *query.BoolTest:
		c.boolean(e)
	case *query.AgeTest:
		c.age(e)
	case *query.FullText:
		if c.plan != matchesFirst {
			c.write("+")
		}
		c.write(`i.id IN (SELECT docid FROM items_fts WHERE items_fts MATCH ?)`, ftsQuery(e.Text))
	default:
		panic(fmt.Sprintf("store: compile %T: unknown expression", e))
	}
}

func (c *compiler) binary(l query.Expr, op string, r query.Expr) {
	c.write("(")
	c.expr(l)
	c.write(op)
	c.expr(r)
	c.write(")")
}

// text compiles a text test. Negative operators are NOT of the positive
// one, so a missing value (no category, no folder) counts as different.
func (c *compiler) text(t *query.TextTest) {
	negate := t.Op == query.OpNe || t.Op == query.OpNotMatch
	match := t.Op == query.OpMatch || t.Op == query.OpNotMatch
	if negate {
		c.write("NOT ")
	}
	cmp := `= ? COLLATE NOCASE`
	if match {
		cmp = `REGEXP ?`
	}
	v := t.Value
	switch t.Field {
	case query.FieldTitle, query.FieldAuthor, query.FieldLink:
		c.write("(i."+string(t.Field)+" "+cmp+")", v)
	case query.FieldContent:
		if match { // the summary and the article, when there are, count as content
			c.write("(i.content "+cmp+" OR (i.summary <> '' AND i.summary "+cmp+")"+
				" OR EXISTS (SELECT 1 FROM articles a WHERE a.item_id = i.id AND a.html <> '' AND a.html "+cmp+"))", v, v, v)
		} else {
			c.write("(i.content "+cmp+")", v)
		}
	case query.FieldFeed:
		c.write("(i.feed_id IN (SELECT id FROM feeds WHERE title "+cmp+" OR url "+cmp+"))", v, v)
	case query.FieldCategory:
		c.write("(EXISTS (SELECT 1 FROM json_each(i.categories) WHERE value "+cmp+"))", v)
	case query.FieldFolder:
		c.folder(match, v)
	default:
		panic(fmt.Sprintf("store: compile text field %q", t.Field))
	}
}

// folder: = is the folder and its sub-folders, ignoring ASCII case ("" is
// the top level); ~ matches the folder's path.
func (c *compiler) folder(match bool, v string) {
	switch {
	case match:
		c.write(`(i.feed_id IN (SELECT fd2.id FROM feeds fd2 JOIN folders f2 ON f2.id = fd2.folder_id WHERE f2.path REGEXP ?))`, v)
	case strings.Trim(v, "/ ") == "":
		c.write(`(i.feed_id IN (SELECT id FROM feeds WHERE folder_id IS NULL))`)
	default:
		p, err := CleanFolderPath(v)
		if err != nil {
			p = v // no folder has such a name: matches nothing
		}
		c.write(`(i.feed_id IN (SELECT fd2.id FROM feeds fd2 JOIN folders f2 ON f2.id = fd2.folder_id
			WHERE lower(f2.path) = lower(?) OR (lower(f2.path) >= lower(?) || '/' AND lower(f2.path) < lower(?) || '0')))`, p, p, p)
	}
}

func (c *compiler) boolean(t *query.BoolTest) {
	switch t.Field {
	case query.FieldUnread:
		c.write("i.read = ?", !t.Value)
	case query.FieldFlagged:
		c.write("i.flagged = ?", t.Value)
	case query.FieldEnclosure:
		if !t.Value {
			c.write("NOT ")
		}
		c.write("EXISTS (SELECT 1 FROM enclosures e WHERE e.item_id = i.id)")
	default:
		panic(fmt.Sprintf("store: compile boolean field %q", t.Field))
	}
}

// age compiles a test on whole days since the sort date into a range of
// sort dates, so the index on the sort date serves it:
// age = floor((now - sort) / day).
func (c *compiler) age(t *query.AgeTest) {
	n := int64(t.Days)
	newer := func(d int64) int64 { return c.now - d*day } // age < d  ⇔  sort > now - d·day
	switch t.Op {
	case query.OpLt:
		c.write(itemSortDate+" > ?", newer(n))
	case query.OpLe:
		c.write(itemSortDate+" > ?", newer(n+1))
	case query.OpGt:
		c.write(itemSortDate+" <= ?", newer(n+1))
	case query.OpGe:
		c.write(itemSortDate+" <= ?", newer(n))
	case query.OpEq:
		c.write("("+itemSortDate+" > ? AND "+itemSortDate+" <= ?)", newer(n+1), newer(n))
	case query.OpNe:
		c.write("NOT ("+itemSortDate+" > ? AND "+itemSortDate+" <= ?)", newer(n+1), newer(n))
	default:
		panic(fmt.Sprintf("store: compile age %q", t.Op))
	}
}
