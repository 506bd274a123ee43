package cli

import (
	"fmt"
	"strings"
	"testing"
)

// byTitle finds an item of 'items --json' by its title.
func byTitle(t *testing.T, items []map[string]any, title string) map[string]any {
	t.Helper()
	for _, it := range items {
		if it["title"] == title {
			return it
		}
	}
	var titles []string
	for _, it := range items {
		titles = append(titles, fmt.Sprint(it["title"]))
	}
	t.Fatalf("no item titled %q among %q", title, titles)
	return nil
}

// expectFields checks the listed fields of a JSON object.
func expectFields(t *testing.T, what string, got map[string]any, want map[string]any) {
	t.Helper()
	for k, w := range want {
		if fmt.Sprint(got[k]) != fmt.Sprint(w) {
			t.Errorf("%s: %s = %v, want %v", what, k, got[k], w)
		}
	}
}

var feedContractFields = []string{"id", "url", "title", "folder", "sync", "interval_minutes", "ttl_minutes",
	"max_items", "download_enclosures", "is_list", "last_download_at", "last_attempt_at", "next_sync_at",
	"last_error", "failures", "item_count", "unread_count", "bytes_received", "requests", "not_modified",
	"delta_responses"}

var itemContractFields = []string{"id", "feed_id", "guid", "title", "link", "author", "published_at",
	"updated_at", "read", "flagged", "content", "enclosures"}

func TestAddAndSyncStoresEachFormat(t *testing.T) {
	cases := []struct {
		file      string
		feed      map[string]any
		count     int
		itemTitle string
		item      map[string]any
	}{
		{
			file: "rss091.xml", count: 3,
			feed:      map[string]any{"title": "Harbour Town Gazette", "ttl_minutes": 0},
			itemTitle: "Ferry timetable changes from April",
			item: map[string]any{"guid": "", "link": "http://gazette.example.com/2003/03/ferry-timetable.html",
				"published_at": nil, "read": false, "flagged": false,
				"content": "The morning crossing moves to 6:45 &amp; the last return leaves at 22:10."},
		},
		{
			file: "rss10.rdf", count: 3,
			feed:      map[string]any{"title": "Example Wire"},
			itemTitle: "City council approves bike lanes",
			item: map[string]any{"link": "http://wire.example.net/stories/1001", "author": "Ana Lima",
				"published_at": "2004-06-01T07:30:00Z", "content": "The vote passed 7-2 after a three-hour debate."},
		},
		{
			file: "rss20.xml", count: 5,
			feed:      map[string]any{"title": "Gopher Notes", "ttl_minutes": 60},
			itemTitle: "Parsing feeds without tears",
			item: map[string]any{"guid": "tag:blog.example.com,2024:post-101", "author": "Rob Pike-ish",
				"link":         "https://blog.example.com/2024/01/parsing-feeds/",
				"published_at": "2024-01-03T09:15:00Z", "updated_at": "2024-01-04T08:00:00Z",
				"enclosures": "[map[bytes_done:0 bytes_total:0 error: length:5.24288e+06 path: status:none " +
					"type:audio/mpeg url:https://cdn.example.com/audio/parsing-feeds.mp3]]"},
		},
		{
			file: "atom10.xml", count: 4,
			feed:      map[string]any{"ttl_minutes": 360}, // sy: daily / 4
			itemTitle: "Booster lands on the drone ship",
			item: map[string]any{"guid": "tag:orbital.example.org,2024-02-10:/booster-landing",
				"link": "https://orbital.example.org/2024/02/booster-landing", "author": "Yuri Test",
				"published_at": "2024-02-10T23:30:00Z", "updated_at": "2024-02-11T00:00:00Z"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			u := newUser(t)
			srv := newFeedServer(t)
			srv.setFile(t, "/feed", tc.file)
			id := u.add(srv.URL+"/feed", "--folder", "News/Tech")
			if got := u.items(); len(got) != 0 {
				t.Fatalf("add stored %d items, want none before the first sync", len(got))
			}
			u.ok("sync", "--feed", id)

			feeds := u.feeds()
			if len(feeds) != 1 {
				t.Fatalf("%d feeds, want 1", len(feeds))
			}
			f := feeds[0]
			for _, k := range feedContractFields {
				if _, ok := f[k]; !ok {
					t.Errorf("feeds --json lacks %q", k)
				}
			}
			want := map[string]any{"id": id, "url": srv.URL + "/feed", "folder": "News/Tech", "sync": "default",
				"interval_minutes": 1440, "max_items": 200, "download_enclosures": false, "is_list": false,
				"last_error": "", "failures": 0, "item_count": tc.count, "unread_count": tc.count}
			for k, v := range tc.feed {
				want[k] = v
			}
			expectFields(t, "feed", f, want)
			for _, k := range []string{"last_download_at", "last_attempt_at", "next_sync_at"} {
				if s, ok := f[k].(string); !ok || !strings.HasSuffix(s, "Z") {
					t.Errorf("%s = %v, want an RFC 3339 UTC time", k, f[k])
				}
			}

			items := u.items("--feed", id)
			if len(items) != tc.count {
				t.Fatalf("%d items, want %d", len(items), tc.count)
			}
			for _, k := range itemContractFields {
				if _, ok := items[0][k]; !ok {
					t.Errorf("items --json lacks %q", k)
				}
			}
			it := byTitle(t, items, tc.itemTitle)
			expectFields(t, tc.itemTitle, it, tc.item)
			if fmt.Sprint(it["feed_id"]) != id {
				t.Errorf("feed_id = %v, want %s", it["feed_id"], id)
			}
		})
	}
}
