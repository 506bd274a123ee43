package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

func TestCommandAndFilterFeedsKeepTheirSource(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	exec, err := s.AddFeed(ctx, NewFeed{Source: SourceExec, Command: "~/bin/feed --all"})
	if err != nil {
		t.Fatal(err)
	}
	filter, err := s.AddFeed(ctx, NewFeed{Source: SourceFilter, Command: "fix.sh -v", URL: weburl.MustParse("https://example.org/f.xml")})
	if err != nil {
		t.Fatal(err)
	}
	plain := addFeed(t, s, "https://example.org/f.xml", "")
	tests := []struct {
		id                             int64
		url, source, command, fetchURL string
		runs                           bool
	}{
		{exec, "exec:~/bin/feed --all", SourceExec, "~/bin/feed --all", "", true},
		{filter, "filter:fix.sh -v:https://example.org/f.xml", SourceFilter, "fix.sh -v", "https://example.org/f.xml", true},
		{plain, "https://example.org/f.xml", SourceURL, "", "https://example.org/f.xml", false},
	}
	for _, tt := range tests {
		f, err := s.Feed(ctx, tt.id)
		if err != nil {
			t.Fatal(err)
		}
		if f.URL != tt.url || f.Source != tt.source || f.Command != tt.command || f.FetchURL() != tt.fetchURL || f.RunsCommand() != tt.runs {
			t.Errorf("feed %d = %q %q %q fetch %q runs %v", tt.id, f.URL, f.Source, f.Command, f.FetchURL(), f.RunsCommand())
		}
		if got, err := s.ResolveFeed(ctx, tt.url); err != nil || got.ID != tt.id {
			t.Errorf("ResolveFeed(%q) = %d, %v", tt.url, got.ID, err)
		}
	}
	if _, err := s.AddFeed(ctx, NewFeed{Source: SourceExec, Command: "~/bin/feed --all"}); !errors.Is(err, ErrDuplicate) {
		t.Errorf("second command feed: %v, want ErrDuplicate", err)
	}
}

func TestAddFeedRefusesIncompleteSources(t *testing.T) {
	s, _ := newTestStore(t)
	u := weburl.MustParse("https://example.org/")
	for _, nf := range []NewFeed{
		{Source: SourceExec},
		{Source: SourceExec, Command: "x", URL: u},
		{Source: SourceFilter, Command: "x"},
		{Source: SourceFilter, Command: "a:b", URL: u},
		{Source: "shell", Command: "x"},
		{},
	} {
		if _, err := s.AddFeed(context.Background(), nf); err == nil {
			t.Errorf("AddFeed(%+v) succeeded", nf)
		}
	}
}

func TestFilterFeedMoveKeepsItsFilter(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id, err := s.AddFeed(ctx, NewFeed{Source: SourceFilter, Command: "fix.sh", URL: weburl.MustParse("https://old.example/f.xml")})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.RecordDownload(ctx, id, Download{At: *now, NextSyncAt: now.Add(time.Hour), Status: 200,
		Document: &document.Document{Title: "F"}, NewURL: weburl.MustParse("https://new.example/f.xml")})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := s.Feed(ctx, id)
	if f.URL != "filter:fix.sh:https://new.example/f.xml" || f.FetchURL() != "https://new.example/f.xml" {
		t.Fatalf("moved filter feed = %q (fetch %q)", f.URL, f.FetchURL())
	}
}
