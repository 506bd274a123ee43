// Package store keeps tidings' subscriptions, items, enclosures and sync
// state in SQLite. It is the only package that writes SQL.
//
// Statements are compiled once per connection and kept (go-sqlite3's
// statement cache, keyed by the SQL text). SQLite compiles a statement
// again at its next run when its plan looked at a bound value: since
// 3.54 the planner reads an integer bound to "column = ?" that an
// index it considers does not use (is it 0 or 1?), and go-sqlite3 clears
// the bindings after every run, which then expires the statement. The
// hot statements that hit this (a feed read by id, the purge, the rules'
// feed, the tombstones' prune) write "= +?": the unary plus hides the
// value from the planner and changes neither the result nor the plan
// (TestHotStatementsKeepTheirPlans).
package store
