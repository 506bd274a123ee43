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
	if v := h.view(); strings.Contains(v, "deferred") || !strings.Contains(v, "503 Service Unavailable") {
		t.Errorf("after SyncResumed and a feed's own failure:\n%s", v)
	}
}

// A refresh while offline does not report the waiting feeds as failures.
func TestRefreshWhileOfflineSaysSoInsteadOfFailed(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	refused := fmt.Errorf("%w: connection refused", engine.ErrOffline)
	h.send(syncResult(3, []engine.Result{{FeedID: 1, Err: refused, Offline: true}, {FeedID: 2, Skipped: true, Offline: true},
		{FeedID: 3, Err: errors.New("503 Service Unavailable")}}, nil))
	if msg := h.m.status.message; msg != "offline: 2 feeds not refreshed" {
		t.Errorf("status %q", msg)
	}
	h.send(syncResult(3, []engine.Result{{FeedID: 1, Offline: true, Skipped: true}, {FeedID: 2}, {FeedID: 3}}, nil))
	if msg := h.m.status.message; msg != "refreshed 2 feeds; 1 waiting for the network" {
		t.Errorf("status %q", msg)
	}
}
