// Package query is tidings' small query language, shared by rules, saved
// searches and the command line: field predicates (title ~ "go", unread,
// age < 7, text:"…") joined by and, or, not and parentheses.
//
// Parse reads an expression into a typed tree (Expr) once; a bad expression
// is an *Error naming the column. The package is pure: it knows nothing of
// SQL or of the store, which compiles the tree into a parameterised
// condition.
package query
