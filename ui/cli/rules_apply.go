package cli

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// ruleApplyJSON is one rule in 'tidings rule apply --json'.
type ruleApplyJSON struct {
	ID     int64  `json:"id"`
	Action string `json:"action"`
	Expr   string `json:"expr"`
	FeedID int64  `json:"feed_id"`
	// Items counts the items the rule changed (or would, with dry_run).
	Items int `json:"items"`
	// Flagged counts the flagged items among those a delete rule deleted.
	Flagged int  `json:"flagged"`
	DryRun  bool `json:"dry_run"`
}

// ruleApplyFlags are the options of 'tidings rule apply'.
type ruleApplyFlags struct {
	feed                string
	dryRun, yes, asJSON bool
}

func (c *cli) ruleApplyCmd() *cobra.Command {
	var f ruleApplyFlags
	cmd := &cobra.Command{
		Use:   "apply [ID ...] [--dry-run] [--feed ID-or-URL] [--yes] [--json]",
		Short: "Apply rules (every rule when no id is given) to the items already stored; prints what each changed",
		Long: "The rules run over the stored items exactly as over a download's new items: the first\n" +
			"delete rule that matches deletes an item (and keeps it from coming back), flagged items\n" +
			"included; otherwise the first hide, read and flag rule that matches applies. Everything is\n" +
			"one transaction. A rule that would delete items needs --yes.",
		RunE: func(_ *cobra.Command, args []string) error {
			ids, err := ruleIDs("rule apply", args)
			if err != nil {
				return err
			}
			return c.withApp(func(a *app) error { return applyRules(a, ids, f) })
		},
	}
	cmd.Flags().StringVar(&f.feed, "feed", "", "only this feed's items (id or URL)")
	cmd.Flags().BoolVar(&f.dryRun, "dry-run", false, "count what the rules would change, change nothing")
	cmd.Flags().BoolVar(&f.yes, "yes", false, "let delete rules delete the items they match")
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print JSON")
	return cmd
}

func applyRules(a *app, ids []int64, f ruleApplyFlags) error {
	o := store.ApplyOptions{IDs: ids, DryRun: f.dryRun, Delete: f.yes}
	if f.feed != "" {
		feed, err := a.store.ResolveFeed(a.ctx, f.feed)
		if err != nil {
			return asUsage(notFound(f.feed, err))
		}
		o.FeedID = feed.ID
	}
	res, err := a.engine().ApplyRules(a.ctx, o)
	var unknown *store.RuleNotFoundError
	switch {
	case errors.As(err, &unknown):
		return usagef("rule apply: no rule %d (see 'tidings rule list')", unknown.ID)
	case errors.Is(err, store.ErrUnconfirmed):
		n, flagged := res.Deleted()
		return usagef("rule apply: would delete %s%s: run again with --yes to delete them (--dry-run shows each rule's count)",
			itemsWord(n), flaggedNote(flagged))
	case err != nil:
		return err
	}
	out := make([]ruleApplyJSON, 0, len(res.Rules))
	for _, r := range res.Rules {
		out = append(out, ruleApplyJSON{ID: r.Rule.ID, Action: r.Rule.Action, Expr: r.Rule.Expr, FeedID: r.Rule.FeedID,
			Items: r.Items, Flagged: r.Flagged, DryRun: f.dryRun})
	}
	if f.asJSON {
		return writeJSON(a.stdout, out)
	}
	for _, r := range out {
		fmt.Fprintln(a.stdout, appliedLine(r))
	}
	return nil
}

// appliedLine is one rule's line: rule 3 (mark-read "unread"): 120 items.
func appliedLine(r ruleApplyJSON) string {
	line := fmt.Sprintf("rule %d (%s %s): %s", r.ID, actionVerb(r.Action),
		sanitize.Terminal(strconv.Quote(r.Expr)), itemsWord(r.Items))
	line += flaggedNote(r.Flagged)
	if r.DryRun {
		line += " (dry run: nothing changed)"
	}
	return line
}

// actionVerb names a rule's action as the apply lines do.
func actionVerb(action string) string {
	if action == store.ActionRead {
		return "mark-read"
	}
	return action
}

func itemsWord(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}

func flaggedNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d flagged)", n)
}
