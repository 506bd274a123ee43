package remote

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// fvItem is one item of Fever's items. FreshRSS writes &, < and > in
// titles as their full-width forms (as in its Google Reader API): they
// are read back as the characters.
type fvItem struct {
	ID      flexString `json:"id"`
	FeedID  flexString `json:"feed_id"`
	Title   text       `json:"title"`
	Author  text       `json:"author"`
	HTML    text       `json:"html"`
	URL     text       `json:"url"`
	IsSaved flexString `json:"is_saved"`
	IsRead  flexString `json:"is_read"`
	Created flexString `json:"created_on_time"`
}

// item is the Item fi describes, or an error when its ids break the entry
// rules; id is its id as a number.
func (fi fvItem) item() (Item, uint64, error) {
	id, n, ok := feverID(fi.ID)
	feed, _, okFeed := feverID(fi.FeedID)
	if !ok || !okFeed {
		return Item{}, 0, errBadID
	}
	it := Item{ID: id, FeedID: feed, State: State{Read: fi.IsRead == "1", Starred: fi.IsSaved == "1"}}
	d := &it.Doc
	d.Key, d.Title, d.Link, d.Author, d.Content = ItemKey(id), cleanName(unescapeTitle(string(fi.Title))), string(fi.URL),
		cleanName(string(fi.Author)), string(fi.HTML)
	if s, err := strconv.ParseInt(string(fi.Created), 10, 64); err == nil && s > 0 {
		d.Published = inRange(time.Unix(s, 0))
	}
	return it, n, nil
}

// decodeFeverItems reads Fever's items one at a time, at most
// feverMaxPage of them, handing each (or why it breaks the entry rules)
// to each.
func decodeFeverItems(dec *json.Decoder, each func(Item, uint64, error) error) error {
	return decodeArray(dec, feverMaxPage, "items", func(dec *json.Decoder) error {
		var fi fvItem
		if err := dec.Decode(&fi); err != nil {
			return err
		}
		it, id, err := fi.item()
		return each(it, id, err)
	})
}

// decodeFeverGroups reads Fever's groups into titles by id.
func decodeFeverGroups(dec *json.Decoder, into map[string]string) error {
	return decodeArray(dec, maxFeeds, "groups", func(dec *json.Decoder) error {
		var g struct {
			ID    flexString `json:"id"`
			Title text       `json:"title"`
		}
		if err := dec.Decode(&g); err != nil {
			return err
		}
		if id, _, ok := feverID(g.ID); ok {
			into[id] = cleanName(unescapeName(string(g.Title)))
		}
		return nil
	})
}

// decodeFeedsGroups reads Fever's feeds_groups: each feed's first group.
func decodeFeedsGroups(dec *json.Decoder, groupOf map[string]string) error {
	return decodeArray(dec, maxFeeds, "feed groups", func(dec *json.Decoder) error {
		var fg struct {
			GroupID flexString `json:"group_id"`
			FeedIDs flexString `json:"feed_ids"`
		}
		if err := dec.Decode(&fg); err != nil {
			return err
		}
		gid, _, ok := feverID(fg.GroupID)
		if !ok {
			return nil
		}
		for i, raw := range strings.SplitN(string(fg.FeedIDs), ",", maxFeeds+1) {
			if i == maxFeeds {
				return tooMuch("more than %d feeds in a group", maxFeeds)
			}
			if id, _, ok := feverID(flexString(raw)); ok && len(groupOf) < maxFeeds {
				if _, has := groupOf[id]; !has {
					groupOf[id] = gid
				}
			}
		}
		return nil
	})
}

// decodeFeverFeeds reads Fever's feeds a feed at a time; labelOf gives a
// feed's label. Feeds that break the entry rules are left out and said in
// refused.
func decodeFeverFeeds(dec *json.Decoder, labelOf func(id string) string) (feeds []Feed, refused []string, err error) {
	err = decodeArray(dec, maxFeeds, "subscriptions", func(dec *json.Decoder) error {
		var f struct {
			ID      flexString `json:"id"`
			Title   text       `json:"title"`
			URL     text       `json:"url"`
			SiteURL text       `json:"site_url"`
		}
		if err := dec.Decode(&f); err != nil {
			return err
		}
		id, _, _ := feverID(f.ID)
		feed, err := feedOf(id, string(f.URL), unescapeName(string(f.Title)), string(f.SiteURL), labelOf(id))
		if err != nil {
			refused = append(refused, err.Error())
			return nil
		}
		feeds = append(feeds, feed)
		return nil
	})
	return feeds, refused, err
}

// decodeFeverIDList reads a comma-separated list of ids (a string; a
// number when there is one) into into, at most max of them; ids that
// are not Fever's are left out.
func decodeFeverIDList(dec *json.Decoder, into map[string]bool, max int) error {
	var list flexString
	if err := dec.Decode(&list); err != nil {
		return err
	}
	for rest := string(list); rest != ""; {
		var raw string
		raw, rest, _ = strings.Cut(rest, ",")
		if id, _, ok := feverID(flexString(raw)); ok {
			if len(into) == max {
				return tooMuch("more than %d item ids (remote.max_listed_items)", max)
			}
			into[id] = true
		}
	}
	return nil
}
