package ui

import (
	"fmt"
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// The rules dialog's r: apply the selected rule to the items already
// stored, as 'tidings rule apply ID' does. A delete rule is first counted
// (a dry run) and applied only once y confirms its count.

// MSG

// ruleAppliedMsg is what applying a rule to the stored items did (or, for
// a dry run, would do).
type ruleAppliedMsg struct {
	rule   store.Rule
	dryRun bool
	res    store.ApplyResult
	err    error
}

// COMMANDS

// applyRule applies rule r to the stored items: a dry run, or for real
// with consent to delete (given only after a dry run's count).
func (b backend) applyRule(r store.Rule, dryRun bool) tea.Cmd {
	return func() tea.Msg {
		res, err := b.engine.ApplyRules(b.ctx, store.ApplyOptions{IDs: []int64{r.ID}, DryRun: dryRun, Delete: !dryRun})
		return ruleAppliedMsg{rule: r, dryRun: dryRun, res: res, err: err}
	}
}

// UPDATE

// startApply applies the selected rule; a delete rule is counted first.
func (d *rulesDialog) startApply() tea.Cmd {
	if d.cursor >= len(d.rules) {
		return nil
	}
	r := d.rules[d.cursor]
	d.status, d.err = "applying rule "+strconv.FormatInt(r.ID, 10)+" to the stored items…", ""
	return routeTo(d, d.be.applyRule(r, r.Action == store.ActionDelete))
}

// applied shows what a rule did; a delete rule's count asks for y.
func (d *rulesDialog) applied(msg ruleAppliedMsg) {
	switch {
	case d.done:
		if msg.err != nil {
			d.out.say("", msg.err)
		}
	case msg.err != nil:
		d.status, d.err = "", oneLine(msg.err.Error())
	case msg.dryRun:
		n, flagged := msg.res.Deleted()
		if n == 0 {
			d.status = fmt.Sprintf("rule %d deletes no stored item", msg.rule.ID)
			return
		}
		d.pending = &msg
		d.status = fmt.Sprintf("delete %s of the stored items%s? y deletes, any other key keeps them",
			countItems(n), flaggedCount(flagged))
	default:
		d.status = appliedStatus(msg)
		d.out.post(reloadMsg{})
	}
}

// confirmKey takes the key that answers a delete's question: y deletes.
func (d *rulesDialog) confirmKey(km tea.KeyMsg) tea.Cmd {
	p := d.pending
	d.pending = nil
	if km.String() != "y" {
		d.status = "nothing deleted"
		return nil
	}
	d.status = "deleting…"
	return routeTo(d, d.be.applyRule(p.rule, false))
}

// VIEW

// appliedStatus is what a rule did: rule 3 (read "unread"): 120 items.
func appliedStatus(msg ruleAppliedMsg) string {
	n, flagged := 0, 0
	if len(msg.res.Rules) == 1 {
		n, flagged = msg.res.Rules[0].Items, msg.res.Rules[0].Flagged
	}
	return fmt.Sprintf("rule %d (%s %s): %s%s", msg.rule.ID, msg.rule.Action,
		sanitize.Terminal(strconv.Quote(oneLine(msg.rule.Expr))), countItems(n), flaggedCount(flagged))
}

func countItems(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}

func flaggedCount(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d flagged)", n)
}
