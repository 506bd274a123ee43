package ui

import (
	"net/http"
	"strings"
	"testing"
)

// Issue 24, item 10: a dismissed error came back at every back-off retry.
// It stays dismissed while the feed fails the same way; it shows again
// when the feed fails another way, or succeeds and then fails again.
func TestDismissedErrorStaysDismissed(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "First post")
	eng := newEngine(f.st)
	h := newHarness(t, f.st, 160, 45, withEngine(eng))
	addFeed(t, f.otherProcess(t), fh.URL+"/flaky.xml", "", "Flaky feed", nil)
	h.send(pollMsg{})
	h.selectNode("Flaky feed")
	refresh := func(what string) {
		t.Helper()
		h.m.status.endRefresh()
		h.keys("r")
		h.waitFor(what, func() bool {
			return h.m.status.refresh.total == 0 || h.m.status.refresh.done == h.m.status.refresh.total
		})
	}
	shows := func(what, want string) {
		t.Helper()
		got := statusLine(h)
		if want == "" && strings.Contains(got, "x dismisses") || want != "" && !strings.Contains(got, want) {
			t.Errorf("%s: status line %q, want %q", what, got, want)
		}
	}
	fh.fail(http.StatusServiceUnavailable)
	refresh("the first failure")
	shows("the first failure", "! Flaky feed: 503 Service Unavailable")
	h.keys("x")
	shows("after x", "")
	refresh("the retry")
	shows("the same error again", "")
	fh.fail(http.StatusNotFound)
	refresh("another error")
	shows("another error", "! Flaky feed: 404 Not Found")
	h.keys("x")
	fh.fail(0)
	refresh("a success")
	fh.fail(http.StatusNotFound)
	refresh("a failure after the success")
	shows("a failure after a success", ": 404 Not Found (x dismisses)") // the feed's own title now
}
