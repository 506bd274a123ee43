// Package opml reads and writes OPML subscription lists for tidings.
//
// It is pure encoding and decoding: it reads from an io.Reader and writes to
// an io.Writer, never touching the network or the file system. Nested
// outlines become nested folders, and tidings' own per-feed settings travel
// in attributes of the "tidings" XML namespace ([Namespace]), so that
// exporting from tidings and importing again loses nothing.
//
// Decode is lenient about what other readers produce and normalises it into
// a [Document]:
//
//   - Any OPML version is accepted (1.0, 1.1, 2.0, or none); the version
//     attribute is not checked. Element and standard attribute names are
//     matched case-insensitively ("xmlURL" works like "xmlUrl").
//   - An outline with a non-blank xmlUrl is a feed, whatever its type
//     ("rss", "atom", missing, or anything else). Its title is the title
//     attribute, else the text attribute.
//   - Outlines nested inside a feed outline (rare, and not meaningful in
//     OPML) are treated as siblings that follow the feed: they land in the
//     feed's own folder.
//   - An outline without xmlUrl is a folder named by its text attribute,
//     else its title attribute. Empty folders are kept, except that a
//     childless outline whose type is set to something other than "folder"
//     (a "link", an "include", a feed whose xmlUrl is blank, ...) is dropped.
//   - A folder whose name is blank is not a folder: its contents are placed
//     in the enclosing folder.
//   - All names, titles and URLs are trimmed of surrounding white space.
//     Folder names have "/" replaced by "-", because tidings uses "/" to
//     separate the names in a folder path.
//   - Sibling folders with the same (normalised) name are merged into the
//     first one.
//   - A feed whose xmlUrl (after trimming, compared exactly) was already seen
//     earlier in the document is dropped: the first occurrence wins.
//   - A document with no feeds and no folders is valid. Several <body>
//     elements are read as one; the first <head><title> is the title;
//     anything after </opml> is ignored.
//   - Entities are never expanded beyond XML's predefined ones and character
//     references: a DTD's entity declarations, external or not, are ignored,
//     and using such an entity is an error.
//
// A command feed travels as <outline type="tidings-exec" tidings:exec="…">
// (a Command of its Folder) and a filter feed's command as a feed's
// tidings:filter attribute, so that an export shows everything; an
// OPML file is someone else's as often as one's own, and tidings never
// subscribes to a command from one (the engine says so, one line each).
//
// tidings' saved searches and rules travel in <head> as
// <tidings:search name="…" query="…"/> and <tidings:rule action="…"
// query="…" feed="URL"/> elements; their queries are kept as written.
//
// Malformed input yields an error wrapping [ErrInvalidOPML] whose message is
// a single line.
package opml

import "github.com/tidings-rss/tidings/sanitize/weburl"

import "errors"

// Namespace is the XML namespace of tidings' own outline attributes. Encode
// binds it to the prefix "tidings"; Decode recognises attributes in this
// namespace, or with an undeclared "tidings" prefix.
const Namespace = "https://github.com/tidings-rss/tidings/opml"

// Sync modes a [Feed] can have. The empty string means [SyncDefault].
const (
	SyncDefault  = "default"  // follow the global refresh schedule
	SyncInterval = "interval" // refresh every Feed.IntervalMinutes
	SyncManual   = "manual"   // refresh only when asked
)

// ErrInvalidOPML is wrapped by every error Decode returns for input that is
// not a usable OPML document. Test for it with errors.Is.
var ErrInvalidOPML = errors.New("invalid OPML")

// Document is a subscription list.
type Document struct {
	Title string // head/title
	Root  Folder // top level: feeds and folders not in any folder
	// Searches and Rules are tidings' saved searches and rules, carried as
	// <tidings:search> and <tidings:rule> elements of <head>, which other
	// readers ignore.
	Searches []Search
	Rules    []Rule
}

// Search is a saved search: a name and a query-language expression.
type Search struct {
	Name  string
	Query string
}

// Rule is a rule: an action on the items an expression matches, in one
// feed (FeedURL) or every feed ("").
type Rule struct {
	Query   string
	Action  string
	FeedURL string
}

// Folder is a named group of feeds and sub-folders (the root has Name "").
//
// Decode never produces nested folders with a blank name, a "/" in the name,
// or two siblings with the same name; nil slices stand for "none".
type Folder struct {
	Name    string
	Folders []Folder
	Feeds   []Feed
	// Commands are the folder's command feeds: outlines of type
	// "tidings-exec" with a tidings:exec attribute and no xmlUrl, which
	// other readers drop. They are written so that a person sees what
	// they had; tidings never subscribes to one from a file.
	Commands []Command
}

// Command is a command feed (tidings add 'exec:COMMAND') as an outline.
type Command struct {
	Title   string // title, else text
	Command string // tidings:exec
}

// Feed is one subscription.
type Feed struct {
	URL     string // xmlUrl
	Title   string // title, else text
	HTMLURL string // htmlUrl

	// tidings' own settings, kept in tidings: namespaced attributes so a
	// round trip through tidings loses nothing. Decode returns Sync as ""
	// (default), SyncInterval or SyncManual; unknown modes read as "".
	// Non-positive or malformed numbers read as 0, malformed booleans as
	// false.
	Sync            string // "default", "interval", "manual" ("" = default)
	IntervalMinutes int
	MaxItems        int
	Enclosures      bool
	// TitleFromFeed marks a title that is the publisher's (the feed's
	// own, which downloads keep up to date) rather than one a person gave
	// (tidings:titleFromFeed="true"). Without it, as in every other
	// reader's OPML, a title is the person's name for the feed.
	TitleFromFeed bool
	// FullText fetches each new item's page for its article
	// (tidings:fullText="true").
	FullText bool
	// Filter is a filter feed's command (tidings:filter): in tidings the
	// body of xmlUrl went through it. Like Command, it is written for a
	// person to see and never run from a file.
	Filter string
}

// Address is the feed's xmlUrl as a checked web address, or the reason it
// is not one (another scheme such as file:, controls, spaces, too long).
func (f Feed) Address() (weburl.URL, error) {
	return weburl.Parse(f.URL)
}
