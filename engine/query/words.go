package query

// HighlightWords are the words of e's full-text terms (text:"…") that
// an item it selects holds: those not under a not. A reader highlights
// them in the items found.
func HighlightWords(e Expr) []string {
	var out []string
	var walk func(e Expr)
	walk = func(e Expr) {
		switch e := e.(type) {
		case *And:
			walk(e.Left)
			walk(e.Right)
		case *Or:
			walk(e.Left)
			walk(e.Right)
		case *FullText:
			out = append(out, e.Text)
		}
	}
	walk(e)
	return out
}
