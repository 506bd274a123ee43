package feed

import "strings"

// The namespaces Parse reads, by the short names namespaceOf gives them
// ('#' keeps them apart from undeclared prefixes, which encoding/xml leaves
// as the namespace). The RSS 0.9x/2.0 vocabulary has no namespace ("").
const (
	nsAtom     = "#atom"    // Atom 1.0
	nsAtom03   = "#atom03"  // Atom 0.3 and its predecessors
	nsRSS10    = "#rss10"   // RSS 1.0 (and 0.90)
	nsRSS20    = "#rss20"   // the namespaces a few RSS 2.0 feeds declare
	nsRDF      = "#rdf"     // RDF syntax
	nsDC       = "#dc"      // Dublin Core elements
	nsDCTerms  = "#dcterms" // Dublin Core terms
	nsContent  = "#content" // RSS 1.0 content module
	nsITunes   = "#itunes"  // Apple podcasts
	nsMedia    = "#media"   // Media RSS
	nsXHTML    = "#xhtml"   // XHTML
	nsSy       = "#sy"      // RSS 1.0 syndication module
	nsMS       = "#cf"      // Microsoft common feed (Simple List Extensions)
	nsMSIntern = "#cfi"     // the platform-internal sibling, never read
	nsXML      = "#xml"     // the xml: prefix
	nsFeedBurn = "#feedburner"
)

// knownNamespaces maps namespace URIs, lower-cased and without a trailing
// slash or '#', to short names. Several URIs are in use for some of them;
// the pre-Atom "echo"/"pie" names are read as Atom 0.3, as feedparser does.
var knownNamespaces = map[string]string{
	"http://www.w3.org/2005/atom":                              nsAtom,
	"http://purl.org/atom/ns":                                  nsAtom03,
	"http://purl.org/echo":                                     nsAtom03,
	"http://example.com/newformat":                             nsAtom03,
	"http://example.com/necho":                                 nsAtom03,
	"uri/of/echo/namespace":                                    nsAtom03,
	"http://purl.org/pie":                                      nsAtom03,
	"http://purl.org/rss/1.0":                                  nsRSS10,
	"http://my.netscape.com/rdf/simple/0.9":                    nsRSS10,
	"http://backend.userland.com/rss2":                         nsRSS20,
	"http://blogs.law.harvard.edu/tech/rss":                    nsRSS20,
	"http://www.w3.org/1999/02/22-rdf-syntax-ns":               nsRDF,
	"http://purl.org/dc/elements/1.1":                          nsDC,
	"http://purl.org/dc/elements/1.0":                          nsDC,
	"http://purl.org/dc/terms":                                 nsDCTerms,
	"http://purl.org/rss/1.0/modules/content":                  nsContent,
	"http://www.itunes.com/dtds/podcast-1.0.dtd":               nsITunes,
	"http://example.com/dtds/podcast-1.0.dtd":                  nsITunes,
	"http://search.yahoo.com/mrss":                             nsMedia,
	"http://search.yahoo.com/rss":                              nsMedia,
	"http://www.w3.org/1999/xhtml":                             nsXHTML,
	"http://purl.org/rss/1.0/modules/syndication":              nsSy,
	"http://www.microsoft.com/schemas/rss/core/2005":           nsMS,
	"https://www.microsoft.com/schemas/rss/core/2005":          nsMS,
	"http://www.microsoft.com/schemas/rss/core/2005/internal":  nsMSIntern,
	"https://www.microsoft.com/schemas/rss/core/2005/internal": nsMSIntern,
	"http://www.w3.org/xml/1998/namespace":                     nsXML,
	"http://rssnamespace.org/feedburner/ext/1.0":               nsFeedBurn,
}

// undeclaredPrefixes are the prefixes feeds use without declaring them
// (encoding/xml then leaves the prefix as the namespace). Only prefixes
// that are unambiguous in practice are read this way.
var undeclaredPrefixes = map[string]string{
	"dc": nsDC, "dcterms": nsDCTerms, "content": nsContent, "itunes": nsITunes,
	"media": nsMedia, "xhtml": nsXHTML, "sy": nsSy, "xml": nsXML, "rdf": nsRDF,
}

// namespaceOf returns the short name of a namespace URI, the URI itself
// when it is not one Parse reads, and "" for no namespace.
func namespaceOf(space string) string {
	if space == "" {
		return ""
	}
	key := strings.TrimRight(strings.ToLower(strings.TrimSpace(space)), "/#")
	if ns, ok := knownNamespaces[key]; ok {
		return ns
	}
	if ns, ok := undeclaredPrefixes[space]; ok {
		return ns
	}
	return space
}
