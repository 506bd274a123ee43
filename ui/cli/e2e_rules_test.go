package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// A delete rule keeps matching items out through repeated syncs, new
// documents included: the tombstone stops them coming back.
func TestRuleDeleteKeepsSponsoredOutThroughRepeatedSyncs(t *testing.T) {
	srv := newFeedServer(t)
	serveTemplate(t, srv, "/tech.xml", "tech")
	u := newUser(t)
	u.add(srv.URL + "/tech.xml")
	u.ok("rule", "add", `title ~ "sponsored" `, "--action", "delete")
	for i := range 3 {
		extra := make([]string, i)
		for j := range extra {
			extra[j] = fmt.Sprintf("Post %d", j)
		}
		serveTemplate(t, srv, "/tech.xml", "tech", extra...)
		u.ok("sync", "--force")
		all := titlesOf(u.items("--all"))
		if slices.Contains(all, "SPONSORED: buy a gopher") || len(all) != 1+i {
			t.Fatalf("sync %d: items --all = %q, want no sponsored item and %d others", i, all, 1+i)
		}
		f := u.feeds()[0]
		if f["item_count"].(float64) != float64(1+i) || f["unread_count"].(float64) != float64(1+i) {
			t.Fatalf("sync %d: counts %v/%v", i, f["unread_count"], f["item_count"])
		}
	}
	if got := titlesOf(u.items("--query", `title ~ "sponsored"`, "--all")); len(got) != 0 {
		t.Fatalf("deleted item found: %q", got)
	}
}

// A hide rule keeps items out of every count and list; items --all shows
// them, marked hidden.
func TestRuleHideKeepsItemsOutOfCountsAndListsButAllShowsThem(t *testing.T) {
	srv := newFeedServer(t)
	serveTemplate(t, srv, "/tech.xml", "tech")
	u := newUser(t)
	id := u.add(srv.URL+"/tech.xml", "--folder", "Tech")
	u.ok("rule", "add", `title ~ "sponsored"`, "--action", "hide")
	u.ok("search", "save", "Everything", `unread`)
	u.ok("sync")
	const sponsor = "SPONSORED: buy a gopher"
	f := u.feeds()[0]
	if f["item_count"].(float64) != 1 || f["unread_count"].(float64) != 1 {
		t.Fatalf("feed counts %v/%v, want the hidden item uncounted", f["unread_count"], f["item_count"])
	}
	for _, args := range [][]string{{}, {"--unread"}, {"--feed", id}, {"--query", `text:gopher`}, {"--saved", "Everything"}} {
		if got := titlesOf(u.items(args...)); slices.Contains(got, sponsor) {
			t.Errorf("items %v shows the hidden item: %q", args, got)
		}
	}
	var searches []searchJSON
	if err := json.Unmarshal([]byte(u.ok("search", "list", "--json")), &searches); err != nil || searches[0].Unread != 1 {
		t.Errorf("saved search count %+v (%v), want 1", searches, err)
	}
	var hidden []string
	for _, it := range u.items("--all") {
		if it["hidden"] == true {
			hidden = append(hidden, it["title"].(string))
		}
	}
	if !slices.Equal(hidden, []string{sponsor}) {
		t.Fatalf("items --all hidden = %q, want the sponsored item", hidden)
	}
	if out := u.ok("items", "--all"); !strings.Contains(out, " Nh ") {
		t.Errorf("items --all does not mark the hidden item:\n%s", out)
	}
}

// read and flag rules, a rule for one feed, rule list and remove.
func TestRuleReadFlagFeedListRemove(t *testing.T) {
	srv := newFeedServer(t)
	serveTemplate(t, srv, "/tech.xml", "tech")
	serveTemplate(t, srv, "/news.xml", "news")
	u := newUser(t)
	u.add(srv.URL + "/tech.xml")
	u.add(srv.URL + "/news.xml")
	u.ok("rule", "add", `author = ann`, "--action", "read")
	u.ok("rule", "add", `category = weather`, "--action", "flag")
	feedRule := strings.TrimSpace(u.ok("rule", "add", `unread`, "--action", "delete", "--feed", srv.URL+"/news.xml"))
	u.ok("sync")
	state := map[string]string{}
	for _, it := range u.items("--all") {
		state[it["title"].(string)] = fmt.Sprint(it["read"], it["flagged"])
	}
	want := map[string]string{"Generics in Go": "true false", "SPONSORED: buy a gopher": "false false"}
	if fmt.Sprint(state) != fmt.Sprint(want) {
		t.Fatalf("items %v, want %v (the news feed's rule deleted its unread item before the flag)", state, want)
	}
	var rules []ruleJSON
	if err := json.Unmarshal([]byte(u.ok("rule", "list", "--json")), &rules); err != nil {
		t.Fatal(err)
	}
	if len(rules) != 3 || rules[2].FeedURL != srv.URL+"/news.xml" || rules[0].FeedURL != "" || rules[1].Action != "flag" {
		t.Fatalf("rule list: %+v", rules)
	}
	if out := u.ok("rule", "list"); !strings.Contains(out, `flag    all`) {
		t.Errorf("rule list table:\n%s", out)
	}
	u.ok("rule", "remove", feedRule)
	if r := u.run("rule", "remove", feedRule); r.code != 1 || !strings.Contains(r.stderr, "no rule "+feedRule) {
		t.Fatalf("removing twice: exit %d, %q", r.code, r.stderr)
	}
	serveTemplate(t, srv, "/news.xml", "news", "Calm again") // a changed document is merged again
	u.ok("sync", "--force")
	if got := titlesOf(u.items("--feed", srv.URL+"/news.xml")); !slices.Equal(got, []string{"Calm again", "Storm warning"}) {
		t.Fatalf("after removing the delete rule: %q, want the item back", got)
	}
}

// Rules apply identically whether the reader's engine or a cron sync
// downloads: two users with the same rules, one syncing from cron, the
// other refreshing in the reader, end with the same items.
func TestRulesApplyIdenticallyInReaderAndCron(t *testing.T) {
	t.Parallel() // its own user, servers and processes: seconds of waiting on them
	srv := newFeedServer(t)
	serveTemplate(t, srv, "/tech.xml", "tech")
	serveTemplate(t, srv, "/news.xml", "news")
	rules := [][]string{
		{`title ~ "sponsored"`, "delete"},
		{`feed = "World News"`, "hide"},
		{`author = ann`, "read"},
		{`category = language`, "flag"},
	}
	users := []*user{newUser(t), newUser(t)}
	for _, u := range users {
		u.add(srv.URL+"/tech.xml", "--folder", "Tech")
		u.add(srv.URL+"/news.xml", "--folder", "News")
		for _, r := range rules {
			u.ok("rule", "add", r[0], "--action", r[1])
		}
	}
	users[0].ok("sync")

	tt := startTUI(t, users[1], 100, 30)
	tt.waitFor("quit (tree)")
	tt.keys("R")
	tt.waitFor("refreshed")
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Fatalf("reader exit: %s", got)
	}

	var views [2]string
	for i, u := range users {
		var rows []string
		for _, it := range u.items("--all") {
			rows = append(rows, fmt.Sprint(it["title"], " read=", it["read"], " flagged=", it["flagged"], " hidden=", it["hidden"]))
		}
		for _, f := range u.feeds() {
			rows = append(rows, fmt.Sprint(f["title"], " ", f["unread_count"], "/", f["item_count"]))
		}
		slices.Sort(rows)
		views[i] = strings.Join(rows, "\n")
	}
	if views[0] != views[1] {
		t.Fatalf("cron:\n%s\nreader:\n%s", views[0], views[1])
	}
	want := "Generics in Go read=true flagged=true hidden=false"
	if !strings.Contains(views[0], want) || !strings.Contains(views[0], "Storm warning read=false flagged=false hidden=true") ||
		strings.Contains(views[0], "SPONSORED") || !strings.Contains(views[0], "World News 0/0") {
		t.Fatalf("rules did not all apply:\n%s", views[0])
	}
}
