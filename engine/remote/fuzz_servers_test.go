package remote

import (
	"encoding/json"
	"testing"
)

// The fuzz targets of TT-RSS's and Fever's decoders: for any bytes, no
// panic, and every value they return passes the entry rules.

func FuzzTTRSSHeadlines(f *testing.F) {
	f.Add([]byte(`[{"id":5,"feed_id":"1","unread":false,"marked":true,"updated":1700000000,"title":"T\u001b[2J","author":"A","link":"javascript:x","content":"<p>x","attachments":[{"content_url":"http://127.0.0.1/a.mp3","content_type":"audio/mpeg"}]}]`))
	f.Add([]byte(`[{"id":0},{"id":"x","feed_id":2},{"id":9,"feed_id":9,"updated":-5,"unread":"t","attachments":null}]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		n, _ := decodeHeadlines(json.NewDecoder(capped(b, capItems)), 10, func(h ttHeadline) error {
			if it, err := h.item(); err == nil {
				checkItem(t, it)
			}
			return nil
		})
		if n > 10 {
			t.Errorf("%d articles for a page of 10", n)
		}
	})
}

func FuzzTTRSSFeeds(f *testing.F) {
	f.Add([]byte(`[{"id":1,"feed_url":"http://127.0.0.1/a.xml","title":"A\u001b]0;x\u0007","cat_id":3},{"id":-1,"feed_url":"javascript:1"}]`))
	f.Add([]byte(`[{"id":"2","feed_url":"http://127.0.0.1/\u202eb.xml","title":null,"cat_id":"x"}]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		feeds, cats, _, _ := decodeTTRSSFeeds(json.NewDecoder(capped(b, capList)))
		if len(feeds) != len(cats) {
			t.Errorf("%d feeds, %d categories", len(feeds), len(cats))
		}
		for _, feed := range feeds {
			checkFeed(t, feed)
		}
		names, _ := decodeTTRSSCategories(json.NewDecoder(capped(b, capList)))
		for _, name := range names {
			checkName(t, name)
		}
	})
}

func FuzzFeverItems(f *testing.F) {
	f.Add([]byte(`[{"id":"1732000000000001","feed_id":"3","title":"＜b＞ ＆ T\u001b[2J","author":"A","html":"<p>x","url":"javascript:x","is_saved":1,"is_read":"0","created_on_time":1700000000}]`))
	f.Add([]byte(`[{"id":0},{"id":"-2","feed_id":2},{"id":18446744073709551615,"feed_id":1,"created_on_time":99999999999999}]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		decodeFeverItems(json.NewDecoder(capped(b, capItems)), func(it Item, id uint64, err error) error {
			if err == nil {
				checkItem(t, it)
				if id == 0 {
					t.Errorf("item %q has id 0", it.ID)
				}
			}
			return nil
		})
	})
}

func FuzzFeverFeeds(f *testing.F) {
	f.Add([]byte(`{"groups":[{"id":1,"title":"G\u001b"}],"feeds_groups":[{"group_id":1,"feed_ids":"1,2,x,,-3"}],"feeds":[{"id":1,"title":"F","url":"http://127.0.0.1/f.xml","site_url":"javascript:1"},{"id":"2","url":"ftp://x"}],"unread_item_ids":"1,2,1732000000000001,x"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		groups, groupOf, ids := map[string]string{}, map[string]string{}, map[string]bool{}
		var feeds []Feed
		decodeObject(capped(b, capList), map[string]func(*json.Decoder) error{
			"groups":       func(dec *json.Decoder) error { return decodeFeverGroups(dec, groups) },
			"feeds_groups": func(dec *json.Decoder) error { return decodeFeedsGroups(dec, groupOf) },
			"feeds": func(dec *json.Decoder) (err error) {
				feeds, _, err = decodeFeverFeeds(dec, func(id string) string { return groups[groupOf[id]] })
				return err
			},
			"unread_item_ids": func(dec *json.Decoder) error { return decodeFeverIDList(dec, ids, 100) },
		})
		for _, feed := range feeds {
			checkFeed(t, feed)
		}
		for _, name := range groups {
			checkName(t, name)
		}
		if len(ids) > 100 {
			t.Errorf("%d ids for at most 100", len(ids))
		}
		for id := range ids {
			if _, err := checkItemID(id); err != nil {
				t.Errorf("id %q: %v", id, err)
			}
		}
	})
}
