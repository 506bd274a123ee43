package enclosure

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tidings-rss/tidings/engine/fetch"
)

// errIdle means a server sent nothing for the idle timeout.
var errIdle = errors.New("no data received")

// client makes enclosure requests through the door (the host's place
// held per request, a token per transfer): http and https only, the
// engine's User-Agent, no compression (ranges count raw bytes) and,
// instead of a timeout on the whole response (a large file takes as long
// as it takes), an idle timeout: the request ends when no byte arrives for
// that long.
type client struct {
	http *fetch.Client
	idle time.Duration
}

// getRange asks for bytes first..last of rawURL, with If-Range when ifRange
// is not empty; token says the request opens a transfer and takes a token
// of the bucket. The caller closes the body.
func (c *client) getRange(ctx context.Context, rawURL string, first, last int64, ifRange string, token bool) (*http.Response, error) {
	u, err := fetch.CheckURL(rawURL)
	if err != nil {
		return nil, &fetch.DownloadError{Kind: fetch.KindBlocked, URL: rawURL, Err: err}
	}
	reqCtx, cancel := context.WithCancel(ctx)
	req, err := http.NewRequestWithContext(reqCtx, http.MethodGet, u.String(), nil)
	if err != nil {
		cancel()
		return nil, &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: rawURL, Err: err}
	}
	req.Header.Set("Accept", "*/*")
	req.Header.Set("Accept-Encoding", "identity")
	req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", first, last))
	if ifRange != "" {
		req.Header["If-Range"] = []string{ifRange}
	}
	watch := newIdleWatch(c.idle, cancel)
	resp, err := c.http.Stream(req, token)
	if err != nil {
		watch.stop()
		cancel()
		return nil, c.requestError(ctx, rawURL, watch, err)
	}
	resp.Body = &idleBody{ReadCloser: resp.Body, watch: watch, cancel: cancel}
	return resp, nil
}

// requestError classifies a failed request: canceled by the caller, idle
// too long, or what the door said.
func (c *client) requestError(ctx context.Context, rawURL string, w *idleWatch, err error) error {
	switch {
	case ctx.Err() != nil:
		return &fetch.DownloadError{Kind: fetch.KindCanceled, URL: rawURL, Err: ctx.Err()}
	case w.fired.Load():
		return &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: rawURL, Err: fmt.Errorf("%w for %s", errIdle, c.idle)}
	}
	return err
}

// idleWatch cancels a request when it is not kicked for the idle time.
type idleWatch struct {
	timer *time.Timer
	idle  time.Duration
	fired atomic.Bool
}

func newIdleWatch(idle time.Duration, cancel context.CancelFunc) *idleWatch {
	w := &idleWatch{idle: idle}
	w.timer = time.AfterFunc(idle, func() {
		w.fired.Store(true)
		cancel()
	})
	return w
}

func (w *idleWatch) kick() { w.timer.Reset(w.idle) }
func (w *idleWatch) stop() { w.timer.Stop() }

// idleBody is a response body whose reads keep its idle watch from firing.
type idleBody struct {
	io.ReadCloser
	watch  *idleWatch
	cancel context.CancelFunc
}

func (b *idleBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.watch.kick()
	}
	if err != nil && err != io.EOF && b.watch.fired.Load() {
		err = fmt.Errorf("%w for %s", errIdle, b.watch.idle)
	}
	return n, err
}

// Close closes the body and releases its request.
func (b *idleBody) Close() error {
	b.watch.stop()
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}

// contentRange is a parsed Content-Range header of a 206 response.
type contentRange struct {
	first, last int64
	total       int64 // -1 when the server does not know ("*")
}

// parseContentRange reads "bytes FIRST-LAST/TOTAL" (TOTAL may be "*").
func parseContentRange(v string) (contentRange, error) {
	bad := fmt.Errorf("bad Content-Range %q", v)
	unit, spec, ok := strings.Cut(strings.TrimSpace(v), " ")
	if !ok || !strings.EqualFold(unit, "bytes") {
		return contentRange{}, bad
	}
	span, total, ok := strings.Cut(strings.TrimSpace(spec), "/")
	first, last, ok2 := strings.Cut(span, "-")
	if !ok || !ok2 {
		return contentRange{}, bad
	}
	var cr contentRange
	var err1, err2, err3 error
	cr.first, err1 = strconv.ParseInt(first, 10, 64)
	cr.last, err2 = strconv.ParseInt(last, 10, 64)
	cr.total = -1
	if total != "*" {
		cr.total, err3 = strconv.ParseInt(total, 10, 64)
	}
	if err1 != nil || err2 != nil || err3 != nil || cr.first < 0 || cr.last < cr.first ||
		(cr.total >= 0 && cr.last >= cr.total) {
		return contentRange{}, bad
	}
	return cr, nil
}

// rangeValidator is what If-Range may send back: a strong ETag, else
// Last-Modified ("" when the response has neither; a weak ETag never
// validates a range).
func rangeValidator(h http.Header) string {
	if et := strings.TrimSpace(h.Get("ETag")); et != "" && !strings.HasPrefix(et, "W/") {
		return et
	}
	return strings.TrimSpace(h.Get("Last-Modified"))
}
