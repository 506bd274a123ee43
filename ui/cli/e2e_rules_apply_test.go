package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// itemStatesOf lists 'items --all' as "title read flagged hidden", sorted.
func itemStatesOf(u *user) []string {
	var out []string
	for _, it := range u.items("--all") {
		out = append(out, fmt.Sprint(it["title"], " ", it["read"], " ", it["flagged"], " ", it["hidden"]))
	}
	slices.Sort(out)
	return out
}

// rule apply runs rules over the items already stored: unknown ids, a
// delete without --yes and a dry run change nothing; --feed limits the
// items; --yes deletes, flagged items included as at download time, and
// the deleted item stays out through the next sync.
func TestRuleApplyToStoredItems(t *testing.T) {
	srv := newFeedServer(t)
	serveTemplate(t, srv, "/tech.xml", "tech")
	serveTemplate(t, srv, "/news.xml", "news")
	u := newUser(t)
	tech := u.add(srv.URL + "/tech.xml")
	news := u.add(srv.URL + "/news.xml")
	u.ok("sync")
	storm := u.items("--feed", news)[0]["id"]
	u.ok("mark", "flag", fmt.Sprint(storm))
	read := strings.TrimSpace(u.ok("rule", "add", `title ~ "generics"`, "--action", "read"))
	hide := strings.TrimSpace(u.ok("rule", "add", `title ~ "sponsored"`, "--action", "hide"))
	del := strings.TrimSpace(u.ok("rule", "add", `unread`, "--action", "delete", "--feed", news))
	before := itemStatesOf(u)

	for _, args := range [][]string{{"99"}, {read, "x"}, {}} {
		r := u.run(append([]string{"rule", "apply"}, args...)...)
		if r.code != 2 || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || r.stdout != "" {
			t.Fatalf("rule apply %q: exit %d, stdout %q, stderr %q; want 2 and one line", args, r.code, r.stdout, r.stderr)
		}
		if len(args) == 0 && !strings.Contains(r.stderr, "would delete 1 item (1 flagged)") {
			t.Fatalf("delete without --yes: %q", r.stderr)
		}
		if got := itemStatesOf(u); !slices.Equal(got, before) {
			t.Fatalf("rule apply %q changed the items: %q", args, got)
		}
	}

	dry := u.ok("rule", "apply", "--dry-run")
	want := fmt.Sprintf("rule %s (mark-read \"title ~ \\\"generics\\\"\"): 1 item (dry run: nothing changed)\n"+
		"rule %s (hide \"title ~ \\\"sponsored\\\"\"): 1 item (dry run: nothing changed)\n"+
		"rule %s (delete \"unread\"): 1 item (1 flagged) (dry run: nothing changed)\n", read, hide, del)
	if dry != want {
		t.Fatalf("dry run:\n%s\nwant:\n%s", dry, want)
	}
	var applied []ruleApplyJSON
	if err := json.Unmarshal([]byte(u.ok("rule", "apply", "--dry-run", "--json", del)), &applied); err != nil {
		t.Fatal(err)
	}
	if len(applied) != 1 || applied[0].Items != 1 || applied[0].Flagged != 1 || !applied[0].DryRun || applied[0].Action != "delete" {
		t.Fatalf("dry run --json: %+v", applied)
	}
	if got := itemStatesOf(u); !slices.Equal(got, before) {
		t.Fatalf("a dry run changed the items: %q", got)
	}

	if out := u.ok("rule", "apply", hide, read, "--feed", news); strings.Count(out, ": 0 items") != 2 {
		t.Fatalf("rules on the news feed's items:\n%s", out)
	}
	u.ok("rule", "apply", hide, "--feed", tech)
	if f := u.feeds()[0]; f["item_count"].(float64) != 1 || f["unread_count"].(float64) != 1 {
		t.Fatalf("tech counts %v/%v after hiding, want 1/1", f["unread_count"], f["item_count"])
	}
	out := u.ok("rule", "apply", "--yes")
	if !strings.Contains(out, "rule "+read+" (mark-read") || !strings.Contains(out, ": 0 items\n") || !strings.Contains(out, "(delete \"unread\"): 1 item (1 flagged)") {
		t.Fatalf("rule apply --yes:\n%s", out)
	}
	want1 := []string{"Generics in Go true false false", "SPONSORED: buy a gopher false false true"}
	if got := itemStatesOf(u); !slices.Equal(got, want1) {
		t.Fatalf("after apply: %q, want %q", got, want1)
	}
	u.ok("sync", "--force")
	if got := itemStatesOf(u); !slices.Equal(got, want1) {
		t.Fatalf("after the next sync: %q, want %q (the deleted item kept out)", got, want1)
	}
}
