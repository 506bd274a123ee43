package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// mixedDoc has items that the rules of mixedRules treat differently.
func mixedDoc(now time.Time) *document.Document {
	return docOf(
		document.Item{GUID: "1", Title: "Sponsored: a VPN", Published: tp(now.Add(-time.Hour))},
		document.Item{GUID: "2", Title: "Real news", Published: tp(now.Add(-2 * time.Hour))},
		document.Item{GUID: "3", Title: "Old news", Published: tp(now.Add(-20 * 24 * time.Hour))},
		document.Item{GUID: "4", Title: "Sponsored news", Author: "ann", Published: tp(now.Add(-3 * time.Hour))},
	)
}

// mixedRules: two read rules over the same items, a delete that beats a
// flag, an age test and an author test.
var mixedRules = []Rule{
	{Expr: `title ~ "news"`, Action: ActionFlag},
	{Expr: `title ~ "sponsored"`, Action: ActionDelete},
	{Expr: `age > 7`, Action: ActionRead},
	{Expr: `title ~ "old" or author = ann`, Action: ActionRead},
	{Expr: `title = "real news"`, Action: ActionHide},
}

// itemStates lists every stored item, hidden ones included, with its
// read, flagged and hidden state.
func storedStates(t *testing.T, s *Store) []string {
	t.Helper()
	items, err := s.Items(context.Background(), ItemQuery{IncludeHidden: true})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, it := range items {
		out = append(out, fmt.Sprintf("%s read=%v flagged=%v hidden=%v", it.Title, it.Read, it.Flagged, it.Hidden))
	}
	slices.Sort(out)
	return out
}

func feedCounts(t *testing.T, s *Store, id int64) string {
	t.Helper()
	f, err := s.Feed(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d/%d", f.UnreadCount, f.ItemCount)
}

func applyRules(t *testing.T, s *Store, o ApplyOptions) ApplyResult {
	t.Helper()
	res, err := s.ApplyRules(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func appliedCounts(res ApplyResult) string {
	var out []string
	for _, a := range res.Rules {
		out = append(out, fmt.Sprintf("%d:%d", a.Rule.ID, a.Items))
	}
	return strings.Join(out, " ")
}

// Rules applied to stored items leave them as the same rules leave them at
// download time: the same matches, delete beating the others, the first
// of two read rules counted.
func TestApplyRulesAgreesWithDownload(t *testing.T) {
	atDownload, now := newTestStore(t)
	a := addFeed(t, atDownload, "http://a.example/feed", "")
	for _, r := range mixedRules {
		addRule(t, atDownload, r.Expr, r.Action, 0)
	}
	record(t, atDownload, a, *now, mixedDoc(*now), 200)

	later, now := newTestStore(t)
	b := addFeed(t, later, "http://a.example/feed", "")
	record(t, later, b, *now, mixedDoc(*now), 200)
	for _, r := range mixedRules {
		addRule(t, later, r.Expr, r.Action, 0)
	}
	res := applyRules(t, later, ApplyOptions{Delete: true})
	if got, want := storedStates(t, later), storedStates(t, atDownload); !slices.Equal(got, want) {
		t.Fatalf("applied later:\n%s\nat download:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got, want := feedCounts(t, later, b), feedCounts(t, atDownload, a); got != want {
		t.Fatalf("feed counts %s, at download %s", got, want)
	}
	// flag: Real news and Old news (Sponsored news is deleted first);
	// delete: both sponsored; age: Old news; the second read rule finds
	// Old news read already by the first; hide: Real news.
	if got := appliedCounts(res); got != "1:2 2:2 3:1 4:0 5:1" {
		t.Fatalf("counts %s", got)
	}
	if again := applyRules(t, later, ApplyOptions{Delete: true}); appliedCounts(again) != "1:0 2:0 3:0 4:0 5:0" {
		t.Fatalf("applied twice: %s, want nothing left to change", appliedCounts(again))
	}
}

// Each action on its own, its count, the feed's counts, and a delete
// rule's tombstone: the next download does not bring the item back.
func TestApplyRulesEachAction(t *testing.T) {
	tests := []struct {
		action, state, counts string
	}{
		{ActionHide, "[Real news read=false flagged=false hidden=false Sponsored: a VPN read=false flagged=false hidden=true]", "1/1"},
		{ActionRead, "[Real news read=false flagged=false hidden=false Sponsored: a VPN read=true flagged=false hidden=false]", "1/2"},
		{ActionFlag, "[Real news read=false flagged=false hidden=false Sponsored: a VPN read=false flagged=true hidden=false]", "2/2"},
		{ActionDelete, "[Real news read=false flagged=false hidden=false]", "1/1"},
	}
	for _, tt := range tests {
		t.Run(tt.action, func(t *testing.T) {
			s, now := newTestStore(t)
			id := addFeed(t, s, "http://a.example/feed", "")
			record(t, s, id, *now, sponsoredDoc(*now), 200)
			addRule(t, s, `title ~ "sponsored"`, tt.action, 0)
			res := applyRules(t, s, ApplyOptions{Delete: true})
			if len(res.Rules) != 1 || res.Rules[0].Items != 1 || res.Rules[0].Rule.Action != tt.action {
				t.Fatalf("result %+v, want one item changed", res)
			}
			if got := fmt.Sprint(storedStates(t, s)); got != tt.state {
				t.Fatalf("items %s, want %s", got, tt.state)
			}
			if got := feedCounts(t, s, id); got != tt.counts {
				t.Fatalf("feed counts %s, want %s", got, tt.counts)
			}
			doc := sponsoredDoc(*now)
			doc.Items[0].Content = "changed"
			record(t, s, id, now.Add(time.Hour), doc, 200)
			if got := fmt.Sprint(storedStates(t, s)); got != tt.state {
				t.Fatalf("after the next download: %s, want %s", got, tt.state)
			}
		})
	}
}

// A rule of one feed changes only that feed's items, and --feed limits
// every rule to one feed.
func TestApplyRulesFeedScope(t *testing.T) {
	s, now := newTestStore(t)
	a := addFeed(t, s, "http://a.example/feed", "")
	b := addFeed(t, s, "http://b.example/feed", "")
	record(t, s, a, *now, sponsoredDoc(*now), 200)
	record(t, s, b, *now, sponsoredDoc(*now), 200)
	ofA := addRule(t, s, `title ~ "sponsored"`, ActionRead, a)
	all := addRule(t, s, `title ~ "real"`, ActionFlag, 0)
	res := applyRules(t, s, ApplyOptions{IDs: []int64{ofA.ID}})
	if appliedCounts(res) != fmt.Sprintf("%d:1", ofA.ID) || feedCounts(t, s, a) != "1/2" || feedCounts(t, s, b) != "2/2" {
		t.Fatalf("rule of feed a: %s, counts a %s b %s", appliedCounts(res), feedCounts(t, s, a), feedCounts(t, s, b))
	}
	res = applyRules(t, s, ApplyOptions{IDs: []int64{all.ID}, FeedID: b})
	flagged, err := s.Items(context.Background(), ItemQuery{Flagged: true})
	if err != nil {
		t.Fatal(err)
	}
	if appliedCounts(res) != fmt.Sprintf("%d:1", all.ID) || len(flagged) != 1 || flagged[0].FeedID != b {
		t.Fatalf("rule for every feed, on feed b: %s, flagged %+v", appliedCounts(res), flagged)
	}
	if _, err := s.ApplyRules(context.Background(), ApplyOptions{FeedID: 99}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("feed 99: %v, want ErrNotFound", err)
	}
}

// A dry run counts what a real run changes and changes nothing; without
// consent a delete is refused, with its count, and nothing changes
// either; an unknown rule id changes nothing.
func TestApplyRulesDryRunRefusalAndUnknownChangeNothing(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, mixedDoc(*now), 200)
	for _, r := range mixedRules {
		addRule(t, s, r.Expr, r.Action, 0)
	}
	before, counts := storedStates(t, s), feedCounts(t, s, id)
	unchanged := func(what string) {
		t.Helper()
		if got := storedStates(t, s); !slices.Equal(got, before) || feedCounts(t, s, id) != counts {
			t.Fatalf("%s changed the items: %q", what, got)
		}
	}
	dry := applyRules(t, s, ApplyOptions{DryRun: true})
	unchanged("a dry run")
	refused, err := s.ApplyRules(ctx, ApplyOptions{})
	if n, _ := refused.Deleted(); !errors.Is(err, ErrUnconfirmed) || n != 2 {
		t.Fatalf("delete without consent: %v, %d to delete; want ErrUnconfirmed and 2", err, n)
	}
	unchanged("a refused delete")
	if _, err := s.ApplyRules(ctx, ApplyOptions{IDs: []int64{3, 42}}); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "rule 42") {
		t.Fatalf("unknown rule: %v", err)
	}
	unchanged("an unknown rule")
	real := applyRules(t, s, ApplyOptions{Delete: true})
	if appliedCounts(dry) != appliedCounts(real) || appliedCounts(refused) != appliedCounts(real) {
		t.Fatalf("dry run %s, refused %s, real %s", appliedCounts(dry), appliedCounts(refused), appliedCounts(real))
	}
}

// Delete rules delete flagged items at download time (an updated item the
// user flagged), so they do when applied to stored items; the result
// counts the flagged ones.
func TestApplyRulesDeleteFlaggedAsDownloadDoes(t *testing.T) {
	ctx := context.Background()
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, sponsoredDoc(*now), 200)
	items, _ := s.Items(ctx, ItemQuery{})
	if err := s.SetFlagged(ctx, []int64{items[0].ID, items[1].ID}, true); err != nil {
		t.Fatal(err)
	}
	r := addRule(t, s, `title ~ "sponsored"`, ActionDelete, 0)
	doc := sponsoredDoc(*now)
	doc.Items[0].Content = "changed"
	record(t, s, id, now.Add(time.Hour), doc, 200)
	if got := listedTitles(t, s, ItemQuery{IncludeHidden: true}); fmt.Sprint(got) != "[Real news]" {
		t.Fatalf("at download: %v; this test expects the flagged updated item deleted", got)
	}
	if err := s.RemoveRule(ctx, r.ID); err != nil {
		t.Fatal(err)
	}
	record(t, s, id, now.Add(2*time.Hour), sponsoredDoc(*now), 200) // back, unflagged
	items, _ = s.Items(ctx, ItemQuery{})
	if err := s.SetFlagged(ctx, []int64{items[0].ID, items[1].ID}, true); err != nil {
		t.Fatal(err)
	}
	addRule(t, s, `title ~ "sponsored"`, ActionDelete, 0)
	res := applyRules(t, s, ApplyOptions{Delete: true})
	if n, flagged := res.Deleted(); n != 1 || flagged != 1 {
		t.Fatalf("deleted %d, %d flagged; want 1 and 1", n, flagged)
	}
	if got := listedTitles(t, s, ItemQuery{IncludeHidden: true}); fmt.Sprint(got) != "[Real news]" {
		t.Fatalf("applied: %v", got)
	}
}

// The whole run is one transaction: a failure in the second feed leaves
// the first feed's changes undone too.
func TestApplyRulesFailureMidwayChangesNothing(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	a := addFeed(t, s, "http://a.example/feed", "")
	b := addFeed(t, s, "http://b.example/feed", "")
	record(t, s, a, *now, sponsoredDoc(*now), 200)
	record(t, s, b, *now, sponsoredDoc(*now), 200)
	addRule(t, s, `title ~ "news"`, ActionRead, 0)
	addRule(t, s, `title ~ "sponsored"`, ActionDelete, b)
	if _, err := s.writer.ExecContext(ctx, fmt.Sprintf(`CREATE TRIGGER fail_delete BEFORE DELETE ON items
		WHEN OLD.feed_id = %d BEGIN SELECT RAISE(ABORT, 'provoked'); END`, b)); err != nil {
		t.Fatal(err)
	}
	before := storedStates(t, s)
	if _, err := s.ApplyRules(ctx, ApplyOptions{Delete: true}); err == nil || !strings.Contains(err.Error(), "provoked") {
		t.Fatalf("apply = %v, want the provoked failure", err)
	}
	if got := storedStates(t, s); !slices.Equal(got, before) || feedCounts(t, s, a) != "2/2" {
		t.Fatalf("after the failure: %q, counts %s; want nothing changed", got, feedCounts(t, s, a))
	}
	var graves int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM item_tombstones`).Scan(&graves); err != nil || graves != 0 {
		t.Fatalf("%d tombstones (%v), want none", graves, err)
	}
}
