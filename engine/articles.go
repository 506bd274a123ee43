package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/engine/article"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// maxArticlesPerRound bounds one round's article pass: at the door's pace
// (a token a second once the bucket is empty) it is some eight minutes of
// pages; what is left waits for the next round.
const maxArticlesPerRound = 500

// pageAccept is the Accept header of an article's page.
const pageAccept = "text/html, application/xhtml+xml;q=0.9, */*;q=0.5"

// ArticleResult is the outcome of fetching one item's page.
type ArticleResult struct {
	ItemID, FeedID int64
	// URL is the item's link, the page asked for.
	URL string
	// Status is store.ArticleFetched, store.ArticleKept (the page had no
	// more words than the feed), store.ArticleFailed, or "" when the page
	// was not fetched (another process took it, or the run stopped first:
	// then it stays queued).
	Status string
	// Words counts the article's words (fetched), or the page's (kept);
	// Minutes is their reading time (article.ReadingMinutes).
	Words, Minutes int
	// Err is why the fetch failed; Note why the feed's text was kept.
	Err  error
	Note string
}

// ArticleFetched is sent when an item's page was fetched and its outcome
// stored (Status as in ArticleResult).
type ArticleFetched struct {
	ItemID, FeedID int64
	Status         string
	Err            error
}

// EventName is "article fetched".
func (ArticleFetched) EventName() string { return "article fetched" }

// FetchArticles fetches the pages of items now and extracts their
// articles, whatever their feeds' setting and their articles' state (a
// failed one is tried again; this is the only way it is), and returns
// one result per item in the order given. It fails with store.ErrNotFound,
// fetching nothing, when an item is unknown.
func (e *Engine) FetchArticles(ctx context.Context, itemIDs []int64) ([]ArticleResult, error) {
	jobs := make([]store.ArticleJob, len(itemIDs))
	for i, id := range itemIDs {
		j, err := e.store.ArticleJobOf(ctx, id)
		if err != nil {
			return nil, err
		}
		jobs[i] = j
	}
	for _, j := range jobs { // a queued one is this call's now: the round leaves it
		if _, err := e.store.TakeArticle(ctx, j.ItemID); err != nil {
			return nil, err
		}
	}
	return e.fetchArticles(ctx, jobs, false), nil
}

// fetchQueuedArticles is a round's article pass, once its feeds are
// downloaded and recorded (so no feed waits for pages and no claim is
// held): the queued articles, oldest first, at most maxArticlesPerRound,
// each taken in the store before its page is fetched. It returns their
// results.
func (e *Engine) fetchQueuedArticles(ctx context.Context) []ArticleResult {
	jobs, err := e.store.QueuedArticles(ctx, maxArticlesPerRound)
	if err != nil {
		e.log.Error("queued articles", "err", err)
		return nil
	}
	if len(jobs) == 0 {
		return nil
	}
	return e.fetchArticles(ctx, jobs, true)
}

// fetchArticles fetches the pages of jobs concurrently within the
// engine's limits: at most syncWorkers at once, handed out in order but
// past pages whose host is busy (as feeds are), each through the door,
// which holds the token bucket and the limit per host. With take, a job
// is first taken in the store and skipped when another process has it.
func (e *Engine) fetchArticles(ctx context.Context, jobs []store.ArticleJob, take bool) []ArticleResult {
	results := make([]ArticleResult, len(jobs))
	urls := make([]string, len(jobs))
	for i, j := range jobs {
		urls[i] = j.Link
	}
	d := newDispatch(urls, e.cfg.Sync.PerHostConnections)
	workers := syncWorkers(e.cfg.Sync.DownloadThreads)
	type done struct {
		j int
		r ArticleResult
	}
	ended := make(chan done)
	running := 0
	for d.left > 0 || running > 0 {
		for running < workers {
			j, ok := d.next()
			if !ok {
				break
			}
			running++
			go func() { ended <- done{j, e.fetchArticle(ctx, jobs[j], take)} }()
		}
		x := <-ended
		running--
		d.done(x.j)
		results[x.j] = x.r
	}
	return results
}

// fetchArticle fetches one item's page, extracts its article and stores
// the outcome.
func (e *Engine) fetchArticle(ctx context.Context, j store.ArticleJob, take bool) ArticleResult {
	res := ArticleResult{ItemID: j.ItemID, FeedID: j.FeedID, URL: j.Link}
	if take {
		took, err := e.store.TakeArticle(ctx, j.ItemID)
		if err != nil || !took {
			res.Err = err
			return res
		}
	}
	rec, stopped := e.extractPage(ctx, j)
	if stopped { // the run ended before the page came: it waits for the next
		if take {
			if err := e.store.RequeueArticle(context.WithoutCancel(ctx), j.ItemID); err != nil {
				e.log.Error("requeue article", "item", j.ItemID, "err", err)
			}
		}
		res.Err = ctx.Err()
		return res
	}
	if err := e.store.SaveArticle(context.WithoutCancel(ctx), j.ItemID, rec); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return res // purged meanwhile: nothing to keep
		}
		res.Err = err
		return res
	}
	res.Status, res.Words, res.Minutes = rec.Status, rec.Words, article.ReadingMinutes(rec.Words)
	switch rec.Status {
	case store.ArticleFailed:
		res.Err = errors.New(rec.Error)
	case store.ArticleKept:
		res.Note = rec.Error
	}
	e.emit(ArticleFetched{ItemID: j.ItemID, FeedID: j.FeedID, Status: rec.Status, Err: res.Err})
	return res
}

// extractPage fetches j's page through the door and extracts its article;
// stopped reports that ctx ended before the page was in.
func (e *Engine) extractPage(ctx context.Context, j store.ArticleJob) (_ store.Article, stopped bool) {
	at := e.clock.Now()
	rec := store.Article{URL: j.Link, FetchedAt: &at}
	fail := func(err error) store.Article {
		rec.Status, rec.Error = store.ArticleFailed, failureText(err)
		return rec
	}
	if j.Link == "" {
		return fail(errors.New("the item has no link to a page")), false
	}
	resp, err := e.http.Get(fetch.WithAccept(ctx, pageAccept), j.Link, fetch.Validators{})
	if err != nil && ctx.Err() != nil && fetch.KindOf(err) == fetch.KindCanceled {
		return rec, true
	}
	if err == nil {
		err = fetch.StatusError(j.Link, resp.Status)
	}
	if err != nil {
		return fail(err), false
	}
	rec.URL = resp.FinalURL.String()
	a, err := article.Extract(resp.Body, resp.Header.Get("Content-Type"), rec.URL)
	if err != nil {
		return fail(err), false
	}
	if have := feedWords(j); a.Words <= have {
		rec.Status, rec.Words = store.ArticleKept, a.Words
		rec.Error = fmt.Sprintf("the page's article has %d words, the feed's text %d: the feed's text is kept", a.Words, have)
		return rec, false
	}
	rec.Status, rec.HTML, rec.Byline, rec.Words = store.ArticleFetched, a.HTML, a.Byline, a.Words
	return rec, false
}

// feedWords is how many words the feed itself gave for an item: its
// content's or its summary's, whichever is longer.
func feedWords(j store.ArticleJob) int {
	return max(article.Words(j.Content), article.Words(j.Summary))
}

// ReadingMinutes is how long an item takes to read: the longest of its
// content, its summary and its article, at article.WordsPerMinute.
func ReadingMinutes(it store.Item) int {
	words := max(article.Words(it.Content), article.Words(it.Summary))
	if it.Article.Status == store.ArticleFetched {
		words = max(words, it.Article.Words)
	}
	return article.ReadingMinutes(words)
}

// attachArticles gives each feed's result the article results of its
// items; those of feeds not in the round are left out.
func attachArticles(results []Result, articles []ArticleResult) {
	byFeed := make(map[int64]int, len(results))
	for i, r := range results {
		byFeed[r.FeedID] = i
	}
	for _, a := range articles {
		if i, ok := byFeed[a.FeedID]; ok {
			results[i].Articles = append(results[i].Articles, a)
		}
	}
}
