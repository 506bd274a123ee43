package ui

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine"
)

func TestOfflineAndDeferredInTheStatusLine(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	refused := fmt.Errorf("%w: fetch http://a.test/: connection refused", engine.ErrOffline)
	h.send(engineMsg{engine.FeedDownloading{FeedID: 1}})
	h.send(engineMsg{engine.FeedDownloadCompleted{FeedID: 1, Err: refused}})
	h.send(engineMsg{engine.Offline{Waiting: 37}})
	if v := h.view(); !strings.Contains(v, "offline — 37 feeds waiting") || strings.Contains(v, "last error") {
		t.Errorf("want the offline notice and no per-feed error:\n%s", v)
	}
	h.send(engineMsg{engine.Online{}})
	if v := h.view(); strings.Contains(v, "offline") {
		t.Errorf("offline notice still shown after Online:\n%s", v)
	}
	h.send(engineMsg{engine.SyncDeferred{Reason: "on battery", Waiting: 1}})
	if v := h.view(); !strings.Contains(v, "sync deferred on battery — 1 feed waiting") {
		t.Errorf("no deferral notice:\n%s", v)
	}
	h.send(engineMsg{engine.SyncResumed{}})
	h.send(engineMsg{engine.FeedDownloadCompleted{FeedID: 1, Err: errors.New("503 Service Unavailable")}})
	if v := h.view(); strings.Contains(v, "deferred") || !strings.Contains(v, "last error") {
		t.Errorf("after SyncResumed and a feed's own failure:\n%s", v)
	}
}
