package cli

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// articleFeed is an RSS document whose items carry a one-line summary and
// a link to base/a/<name>.
func articleFeed(base string, names ...string) []byte {
	s := `<?xml version="1.0"?><rss version="2.0"><channel><title>Summaries</title><link>` + base + `/</link>`
	for _, n := range names {
		s += `<item><title>` + n + `</title><guid>` + n + `</guid><link>` + base + `/a/` + n +
			`</link><description>A sentence and a read more link.</description></item>`
	}
	return []byte(s + `</channel></rss>`)
}

// servePage serves a page of testdata/articles at path as text/html.
func servePage(t *testing.T, srv *feedServer, path, name string) {
	t.Helper()
	body, err := os.ReadFile(repoFile(t, "testdata", "articles", name))
	if err != nil {
		t.Fatal(err)
	}
	srv.setDoc(path, doc{body: body, contentType: "text/html"})
}

// titled indexes items --json by title.
func titled(items []map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, it := range items {
		out[it["title"].(string)] = it
	}
	return out
}

// set full-text=on, then sync: the new items of that feed have their
// articles, once each, searchable; a feed without the setting has no page
// fetched; feeds --json and the export say which feed has it.
func TestFullTextSyncStoresArticles(t *testing.T) {
	t.Parallel()
	u, srv := newUser(t), newFeedServer(t)
	srv.set("/full.xml", articleFeed(srv.URL, "news", "blog", "cafe"))
	srv.set("/plain.xml", articleFeed(srv.URL, "other"))
	servePage(t, srv, "/a/news", "news.html")
	servePage(t, srv, "/a/blog", "blog-code.html")
	servePage(t, srv, "/a/cafe", "latin1.html")
	servePage(t, srv, "/a/other", "news.html")
	full := u.add(srv.URL + "/full.xml")
	u.add(srv.URL + "/plain.xml")
	u.ok("set", full, "full-text=on")
	for _, f := range u.feeds() {
		if want := fmt.Sprint(f["id"]) == full; f["full_text"] != want {
			t.Fatalf("feed %v: full_text %v, want %v", f["id"], f["full_text"], want)
		}
	}
	if out := u.ok("export"); strings.Count(out, `tidings:fullText="true"`) != 1 {
		t.Fatalf("the export does not carry the setting once:\n%s", out)
	}
	u.ok("sync")
	items := titled(u.items())
	for title, want := range map[string]string{"news": "eleven councillors", "blog": "<pre><code>", "cafe": "The cafés of the old quarter"} {
		it := items[title]
		if it["article_status"] != "fetched" || !strings.Contains(it["article"].(string), want) || it["article_error"] != "" {
			t.Fatalf("%s: status %v error %v article %.200v", title, it["article_status"], it["article_error"], it["article"])
		}
		if m, _ := it["reading_minutes"].(float64); m < 1 {
			t.Errorf("%s: reading_minutes %v", title, it["reading_minutes"])
		}
		if n := srv.requestCount("/a/" + title); n != 1 {
			t.Errorf("/a/%s asked %d times, want once", title, n)
		}
	}
	if it := items["other"]; it["article_status"] != "none" || it["article"] != "" || srv.requestCount("/a/other") != 0 {
		t.Fatalf("a feed without full text: %v %v, %d requests", it["article_status"], it["article"], srv.requestCount("/a/other"))
	}
	found := u.items("--query", "content ~ councillors")
	if len(found) != 1 || found[0]["title"] != "news" {
		t.Fatalf("content ~ councillors found %d items", len(found))
	}
	u.ok("sync", "--force")
	if n := srv.requestCount("/a/news"); n != 1 {
		t.Fatalf("a second sync asked the page again (%d requests)", n)
	}
}

// tidings article fetches on demand, whatever the setting: one line per
// item, exit 1 when one failed; an id that is no item exits 2 and fetches
// nothing.
func TestArticleCommandFetchesOnDemand(t *testing.T) {
	t.Parallel()
	u, srv := newUser(t), newFeedServer(t)
	srv.set("/plain.xml", articleFeed(srv.URL, "news", "missing"))
	servePage(t, srv, "/a/news", "news.html")
	u.add(srv.URL + "/plain.xml")
	u.ok("sync")
	items := titled(u.items())
	news, missing := fmt.Sprint(items["news"]["id"]), fmt.Sprint(items["missing"]["id"])
	if srv.requestCount("/a/news") != 0 {
		t.Fatal("a page was fetched without the setting")
	}
	out := u.ok("article", news)
	if !strings.HasPrefix(out, news+" fetched: ") || strings.Count(out, "\n") != 1 {
		t.Fatalf("article printed %q", out)
	}
	if it := titled(u.items())["news"]; it["article_status"] != "fetched" {
		t.Fatalf("after tidings article: %v", it["article_status"])
	}
	r := u.run("article", news, missing)
	if r.code != 1 || strings.Count(r.stdout, "\n") != 1 || strings.Count(r.stderr, "\n") != 2 ||
		!strings.Contains(r.stderr, missing+" "+srv.URL+"/a/missing: ") {
		t.Fatalf("a failed page: exit %d\nstdout %q\nstderr %q", r.code, r.stdout, r.stderr)
	}
	if it := titled(u.items())["missing"]; it["article_status"] != "failed" || !strings.Contains(it["article_error"].(string), "404") {
		t.Fatalf("the failure is not recorded: %v %v", it["article_status"], it["article_error"])
	}
	before := srv.requestCount("/a/news")
	for _, args := range [][]string{{"article", news, "99999"}, {"article", "x1"}, {"article"}} {
		r := u.run(args...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
			t.Errorf("tidings %v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	if srv.requestCount("/a/news") != before {
		t.Fatal("a refused command fetched a page")
	}
	r = u.run("set", news, "full-text=maybe")
	if r.code != 2 || strings.Count(r.stderr, "\n") != 1 {
		t.Fatalf("set full-text=maybe: exit %d, stderr %q", r.code, r.stderr)
	}
}
