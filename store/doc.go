// Package store keeps tidings' subscriptions, items, enclosures and sync
// state in SQLite. It is the only package that writes SQL.
package store
