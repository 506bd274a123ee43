package feed

import (
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// at parses an RFC 3339 time for expectations; it panics on a typo.
func at(s string) *time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	t = t.UTC()
	return &t
}

// fixtureWant is what Parse must return for each file in testdata/feeds.
var fixtureWant = map[string]*document.Document{
	"rss091.xml": {
		Title:       "Harbour Town Gazette",
		Link:        "http://gazette.example.com/",
		Description: "Local news from Harbour Town, updated every weekday morning.",
		Hints: document.Hints{
			SkipHours: []int{0, 1, 2},
			SkipDays:  []time.Weekday{time.Sunday, time.Saturday},
		},
		Items: []document.Item{{
			Title:   "Ferry timetable changes from April",
			Link:    "http://gazette.example.com/2003/03/ferry-timetable.html",
			Content: "The morning crossing moves to 6:45 & the last return leaves at 22:10.",
		}, {
			Title:   "Lighthouse open day draws record crowd",
			Link:    "http://gazette.example.com/2003/03/lighthouse-open-day.html",
			Content: "Over 1,200 visitors climbed the 96 steps on Saturday \u2013 a caf\u00e9 ran out of scones by noon.",
		}, {
			Title:   "Harbour wall repairs: council vote on Thursday",
			Link:    "http://gazette.example.com/2003/03/harbour-wall.html",
			Content: "Councillors will choose between two quotes for the storm damage.",
		}},
	},
	"rss092.xml": {
		Title:       "Tideline Radio",
		Link:        "http://radio.example.org/tideline/",
		Description: "Weekly sea shanties and maritime stories.",
		Items: []document.Item{{
			Title:      "Episode 12: The Wellerman",
			Content:    "<p>This week: the whaling song everyone is singing, and where it came from.</p>",
			Categories: []string{"shanties", "history"},
			Enclosures: []document.Enclosure{{URL: "http://media.example.org/tideline/ep12.mp3", Type: "audio/mpeg", Length: 24986239}},
		}, {
			Title:      "Episode 11: Lost at Dogger Bank",
			Link:       "http://radio.example.org/tideline/ep11.html",
			Content:    "The trawler that vanished in 1953, told by the skipper's grandson.",
			Enclosures: []document.Enclosure{{URL: "http://media.example.org/tideline/ep11.mp3", Type: "audio/mpeg"}},
		}, {
			Content: "Programme note: no show next week while we record live at the Whitby folk festival.",
		}},
	},
	"rss10.rdf": {
		Title:       "Example Wire",
		Link:        "http://wire.example.net/",
		Description: "Example Wire: an open news wire",
		Hints: document.Hints{
			UpdatePeriod:    "hourly",
			UpdateFrequency: 2,
			UpdateBase:      at("2000-01-01T12:00:00Z"),
		},
		Items: []document.Item{{
			GUID:       "http://wire.example.net/stories/1001", // rdf:about
			Title:      "City council approves bike lanes",
			Link:       "http://wire.example.net/stories/1001",
			Author:     "Ana Lima",
			Published:  at("2004-06-01T07:30:00Z"),
			Content:    "The vote passed 7-2 after a three-hour debate.",
			Categories: []string{"transport", "city"},
		}, {
			GUID:      "http://wire.example.net/stories/1002",
			Title:     "Library extends weekend hours",
			Link:      "http://wire.example.net/stories/1002",
			Author:    "Tom Okafor",
			Published: at("2004-05-31T16:00:00Z"),
			Content:   "<p>The central library will open <em>until 8 pm</em> on Saturdays from July.</p>",
			Summary:   "Short summary of the library story.",
		}, {
			GUID:      "http://wire.example.net/stories/1003",
			Title:     "Weather: heat wave expected",
			Link:      "http://wire.example.net/stories/1003",
			Published: at("2004-05-31T08:00:00Z"),
			Content:   "Temperatures above 30 \u00b0C through Friday.",
		}},
	},
	"rss20.xml": {
		Title:       "Gopher Notes",
		Link:        "https://blog.example.com/",
		Description: "Notes on Go, terminals and feeds",
		Hints: document.Hints{
			TTLMinutes:      60,
			SkipHours:       []int{0, 1, 2, 7},
			SkipDays:        []time.Weekday{time.Sunday, time.Saturday},
			UpdatePeriod:    "hourly",
			UpdateFrequency: 1,
		},
		Items: []document.Item{{
			GUID:      "tag:blog.example.com,2024:post-101",
			Title:     "Parsing feeds without tears",
			Link:      "https://blog.example.com/2024/01/parsing-feeds/",
			Author:    "Rob Pike-ish",
			Published: at("2024-01-03T09:15:00Z"),
			Updated:   at("2024-01-04T08:00:00Z"),
			Content: "<p>Six formats, <strong>one</strong> model.</p>\n" +
				"<pre><code>doc, err := engine.Parse(body)</code></pre>",
			Summary:    "How we turned six feed formats into one model. [&#8230;]",
			Categories: []string{"Go", "feeds", "xml"},
			Enclosures: []document.Enclosure{{URL: "https://cdn.example.com/audio/parsing-feeds.mp3", Type: "audio/mpeg", Length: 5242880}},
		}, {
			GUID:       "https://blog.example.com/?p=100",
			Title:      "Terminal colours, revisited",
			Link:       "https://blog.example.com/?p=100",
			Author:     "Jane Doe",
			Published:  at("2024-01-02T14:00:00Z"),
			Content:    "<p>256 colours ought to be enough for anybody.</p>",
			Enclosures: []document.Enclosure{{URL: "https://cdn.example.com/img/palette.png", Type: "image/png"}},
		}, {
			Title:     "Why ETags matter",
			Link:      "https://blog.example.com/2024/01/etags/",
			Published: at("2024-01-01T12:00:00Z"),
			Content:   "A 304 costs a few hundred bytes; a full feed costs 60 KB.",
		}, {
			Title:   "Happy new year",
			Content: "No link, no guid: identity comes from the title and description.",
		}, {
			GUID:      "https://blog.example.com/?p=98",
			Title:     "Draft: notes on skipHours",
			Published: at("2023-12-29T10:00:00Z"),
			Content:   "Publishers may ask readers to skip hours and days.",
		}},
	},
	"atom10.xml": {
		Title:       "Orbital Log",
		Link:        "https://orbital.example.org/",
		Description: "Launches, landings & everything between",
		Hints: document.Hints{
			UpdatePeriod:    "daily",
			UpdateFrequency: 4,
			UpdateBase:      at("2023-12-31T23:00:00Z"),
		},
		Items: []document.Item{{
			GUID:      "tag:orbital.example.org,2024-02-10:/booster-landing",
			Title:     "Booster lands on the drone ship",
			Link:      "https://orbital.example.org/2024/02/booster-landing",
			Author:    "Yuri Test",
			Published: at("2024-02-10T23:30:00Z"),
			Updated:   at("2024-02-11T00:00:00Z"),
			Content: `<p>The first stage came home after a <strong>9-minute</strong> flight.</p>` +
				`<img src="https://media.example.org/landing.jpg" alt="landing">`,
			Summary:    "The first stage came home after a 9-minute flight.",
			Categories: []string{"Launches", "reusability"},
			Enclosures: []document.Enclosure{
				{URL: "https://media.example.org/landing.mp4", Type: "video/mp4", Length: 73400320},
				{URL: "https://media.example.org/landing.jpg", Type: "image/jpeg"},
			},
		}, {
			GUID:    "tag:orbital.example.org,2024-02-08:/weather-scrub",
			Title:   "Weather scrub",
			Link:    "https://orbital.example.org/2024/02/weather-scrub",
			Author:  "Mission Control",
			Updated: at("2024-02-08T12:00:00Z"),
			Content: "High winds pushed the launch to Saturday.",
		}, {
			GUID:      "tag:orbital.example.org,2024-02-05:/fairing",
			Title:     "Payload fairing, explained",
			Link:      "https://orbital.example.org/2024/02/fairing",
			Author:    "Ada Vance",
			Published: at("2024-02-05T09:00:00Z"),
			Updated:   at("2024-02-06T09:00:00Z"),
			Content:   "<p>The fairing is the <b>nose cone</b>.</p>",
		}, {
			GUID:    "tag:orbital.example.org,2024-02-01:/blink",
			Title:   "History of the <blink> tag at mission control",
			Link:    "https://orbital.example.org/2024/02/blink",
			Author:  "Mission Control",
			Updated: at("2024-02-02T08:00:00Z"),
			Content: "Our consoles still use the &lt;blink&gt; tag &amp; nobody minds.",
		}},
	},
	"atom03.xml": {
		Title:       "Field & Stream Notes",
		Link:        "http://fieldnotes.example.com/",
		Description: "A naturalist's diary, since 2004",
		Items: []document.Item{{
			GUID:      "tag:fieldnotes.example.com,2004:/1.118",
			Title:     "First frost on the marsh",
			Link:      "http://fieldnotes.example.com/2004/11/first-frost.html",
			Author:    "Mary Fielding",
			Published: at("2004-11-20T13:12:00Z"),
			Updated:   at("2004-11-20T17:05:00Z"),
			Content: `<p>Ice on the reeds at dawn, and a <a href="http://en.wikipedia.org/wiki/Grey_heron">heron</a>` +
				` standing very still.</p>`,
			Summary: "Ice on the reeds at dawn, and a heron standing very still.",
		}, {
			GUID:      "tag:fieldnotes.example.com,2004:/1.117",
			Title:     "Geese heading south",
			Link:      "http://fieldnotes.example.com/2004/11/geese.html",
			Author:    "Guest: Peter Rook",
			Published: at("2004-11-15T07:30:00Z"),
			Updated:   at("2004-11-15T07:30:00Z"),
			Content:   "Counted <b>412</b> greylag geese before breakfast.",
		}, {
			GUID:      "tag:fieldnotes.example.com,2004:/1.115",
			Title:     "Owl pellets, dissected",
			Link:      "http://fieldnotes.example.com/2004/11/owl-pellets.html",
			Author:    "Mary Fielding",
			Published: at("2004-11-09T20:00:00Z"),
			Updated:   at("2004-11-10T08:00:00Z"),
			Content:   "Vole skulls, mostly.",
		}},
	},
	"list.xml": {
		Title:       "Top 5 Albums This Week",
		Link:        "http://charts.example.com/albums/",
		Description: "The five best-selling albums, in chart order. The whole list is replaced every Monday.",
		Hints:       document.Hints{TTLMinutes: 1440},
		IsList:      true,
		ListInfo:    listXMLInfo,
		Items: []document.Item{
			listItem(1, "Northern Lights \u2014 The Fjords", "northern-lights", "Up 2 places.", "The Fjords", "6", "Indie"),
			listItem(2, "Concrete Garden \u2014 Mira Sol", "concrete-garden", "Down 1.", "Mira Sol", "12", "Pop"),
			listItem(3, "Brass Tacks \u2014 The Low Tides", "brass-tacks", "New entry.", "The Low Tides", "1", "Jazz"),
			listItem(4, "Static Bloom \u2014 Kaya", "static-bloom", "Non-mover.", "Kaya", "3", "Electronic"),
			listItem(5, "Old Roads \u2014 Hank Fairweather", "old-roads", "Re-entry.", "Hank Fairweather", "40", "Country"),
		},
	},
	"nomoreupdates.xml": {
		Title:         "Winter Olympics 2006 Live Blog",
		Link:          "http://example.com/olympics2006/",
		Description:   "The games are over; this feed will not be updated again. Thanks for reading!",
		NoMoreUpdates: true,
		Items: []document.Item{{
			GUID:      "http://example.com/olympics2006/closing-ceremony",
			Title:     "Closing ceremony: thank you, Turin",
			Link:      "http://example.com/olympics2006/closing-ceremony",
			Published: at("2006-02-26T21:00:00Z"),
			Content:   "Sixteen days, 84 events, and one very cold press box.",
		}, {
			GUID:      "http://example.com/olympics2006/closed",
			Title:     "This blog is now closed",
			Link:      "http://example.com/olympics2006/closed",
			Published: at("2006-02-27T08:00:00Z"),
			Content:   "No more updates will be posted to this feed.",
		}},
	},
	"cfi.xml": {
		Title:       "Desk Plants Weekly",
		Link:        "http://plants.example.com/",
		Description: "Small plants for small desks.",
		Items: []document.Item{{
			GUID:       "plants-pothos",
			Title:      "Pothos: impossible to kill",
			Link:       "http://plants.example.com/pothos",
			Published:  at("2006-03-01T08:00:00Z"),
			Content:    "Low light, irregular watering: the pothos does not care.",
			Categories: []string{"easy"},
		}, {
			GUID:      "plants-haworthia",
			Title:     "Haworthia on a windowsill",
			Link:      "http://plants.example.com/haworthia",
			Published: at("2006-02-22T08:00:00Z"),
			Content:   "A small succulent that likes bright, indirect light.",
		}},
	},
	"redirect.xml":       {IsRedirect: true, NewLocation: "http://feeds.example.com/TheRssBlog"},
	"redirect_empty.xml": {IsRedirect: true},
}

// listXMLInfo is list.xml's cf:listinfo.
var listXMLInfo = &document.ListInfo{
	Sorts: []document.ListSort{
		{Label: "Chart position", NS: topNS, Element: "rank", DataType: document.ListNumber, Default: true},
		{Label: "Title", Element: "title", DataType: document.ListText},
		{Label: "Weeks on chart", NS: topNS, Element: "weeks", DataType: document.ListNumber},
	},
	Groups: []document.ListGroup{{Label: "Genre", NS: topNS, Element: "genre"}},
}

const topNS = "http://charts.example.com/rss/top"

// listItem builds one entry of list.xml, with its values for listXMLInfo.
func listItem(rank int, title, slug, desc, artist, weeks, genre string) document.Item {
	return document.Item{
		GUID:    "chart-2024-w10-" + string(rune('0'+rank)),
		Title:   title,
		Link:    "http://charts.example.com/albums/" + slug,
		Author:  artist,
		Content: desc,
		ListValues: map[string]string{
			listXMLInfo.Sorts[0].Key(): string(rune('0' + rank)), listXMLInfo.Sorts[1].Key(): title,
			listXMLInfo.Sorts[2].Key(): weeks, listXMLInfo.Groups[0].Key(): genre,
		},
	}
}
