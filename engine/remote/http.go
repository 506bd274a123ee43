package remote

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// request is one exchange to make with the server.
type request struct {
	op     string // what is asked, for errors
	method string
	url    string
	// body is the request's body ("" for none); it is scrubbed from the
	// server's messages.
	body   string
	header http.Header
}

// exchanger sends requests through the door with the service's timeout,
// keeps credentials to the configured origin and turns failures into
// *Error, scrubbed of every secret.
type exchanger struct {
	o Options
	// origin is the account's URL: credentials go to its scheme, host and
	// port only.
	origin weburl.URL
	// secrets are scrubbed from the server's messages.
	secrets *secrets
}

func newExchanger(o Options, origin weburl.URL) exchanger {
	x := exchanger{o: o, origin: origin, secrets: &secrets{}}
	x.secrets.add("", o.Token)
	return x
}

// send makes r; a response that is not 2xx is closed and returned as an
// error (401 and 403 as ErrLoginRefused), and so is a redirect away from
// the account's origin, which is never followed: every request carries
// credentials. The caller closes the body.
func (x exchanger) send(ctx context.Context, r request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, x.o.Timeout)
	var away string // where a refused redirect pointed
	ctx = fetch.WithRedirectGuard(ctx, func(next *http.Request) error {
		if to, err := weburl.Parse(next.URL.String()); err != nil || !to.SameOrigin(x.origin) {
			away = originOf(to)
			return http.ErrUseLastResponse
		}
		return nil
	})
	var body io.Reader
	if r.body != "" {
		body = strings.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, r.url, body)
	if err != nil {
		cancel()
		return nil, x.fail(r, 0, err)
	}
	for k, v := range r.header {
		req.Header[k] = v
	}
	resp, err := x.o.HTTP.Do(req)
	if err != nil {
		cancel()
		return nil, x.fail(r, 0, err)
	}
	resp.Body = cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
	if resp.StatusCode/100 == 3 {
		resp.Body.Close()
		return nil, x.fail(r, resp.StatusCode, fmt.Errorf("%s: redirected to %s, not followed: credentials go to %s only "+
			"(set remote.url to the server's own address)", fetch.StatusText(resp.StatusCode), away, originOf(x.origin)))
	}
	if resp.StatusCode/100 != 2 {
		defer resp.Body.Close()
		return nil, x.statusError(r, resp.StatusCode, serverMessage(resp.Body))
	}
	return resp, nil
}

// originOf writes u's origin ("https://host:port"), or says it has none.
func originOf(u weburl.URL) string {
	if u.IsZero() {
		return "an address that is not a web URL"
	}
	v := u.Std()
	return v.Scheme + "://" + v.Host
}

// statusError words a refused exchange, with the server's message when
// it gave one (scrubbed: a login's message may echo the password).
func (x exchanger) statusError(r request, status int, msg string) error {
	text := fetch.StatusText(status)
	if msg = x.secrets.scrub(msg, r.body); msg != "" {
		text += ": " + msg
	}
	err := errors.New(text)
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden:
		err = ErrLoginRefused
	case http.StatusNotFound:
		err = fmt.Errorf("%w (%s)", ErrNotFound, text)
	}
	return x.fail(r, status, err)
}

// fail returns err as an *Error of r, its reason scrubbed of every secret
// and of r's body.
func (x exchanger) fail(r request, status int, err error) *Error {
	return &Error{URL: x.o.URL, Op: r.op, Status: status, Err: err,
		reason: x.secrets.scrub(fetch.Reason(err), r.body)}
}

// serverMessage reads a refusal's message: Miniflux's {"error_message"},
// else a short line of text; "" for HTML or nothing. It is not yet
// scrubbed.
func serverMessage(body io.Reader) string {
	b, _ := io.ReadAll(io.LimitReader(body, capText))
	var j struct {
		ErrorMessage string `json:"error_message"`
		Error        string `json:"error"`
	}
	if json.Unmarshal(b, &j) == nil {
		return j.ErrorMessage + " " + j.Error
	}
	s := strings.TrimSpace(string(b))
	if strings.HasPrefix(s, "<") {
		return ""
	}
	return s
}

// read makes r and hands its body, capped at limit bytes, to decode; an
// answer larger than limit fails with ErrTooMuch (errAnswerTooLarge).
func (x exchanger) read(ctx context.Context, r request, limit int64, decode func(io.Reader) error) (*http.Response, error) {
	resp, err := x.send(ctx, r)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.ContentLength > limit {
		return resp, x.fail(r, resp.StatusCode, answerTooLarge(limit))
	}
	body := http.MaxBytesReader(nil, resp.Body, limit)
	if err := decode(body); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			err = answerTooLarge(limit)
		} else if !errors.Is(err, ErrTooMuch) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("unreadable answer: %w", err)
		}
		return resp, x.fail(r, resp.StatusCode, err)
	}
	return resp, nil
}

// errAnswerTooLarge is wrapped by the error of an answer over its cap.
var errAnswerTooLarge = fmt.Errorf("%w: an answer larger than its cap", ErrTooMuch)

func answerTooLarge(limit int64) error {
	return fmt.Errorf("%w (%d MiB)", errAnswerTooLarge, max(limit>>20, 1))
}

// json makes r and decodes its JSON answer, at most limit bytes, into v.
func (x exchanger) json(ctx context.Context, r request, limit int64, v any) (*http.Response, error) {
	return x.read(ctx, r, limit, func(body io.Reader) error { return json.NewDecoder(body).Decode(v) })
}

// text makes r and returns its body as text (at most capText bytes).
func (x exchanger) text(ctx context.Context, r request) (string, error) {
	var b []byte
	_, err := x.read(ctx, r, capText, func(body io.Reader) (err error) {
		b, err = io.ReadAll(body)
		return err
	})
	return string(b), err
}

// secret returns the password, or an error that never holds it; the
// password is remembered to be scrubbed from the server's messages.
func (x exchanger) secret(ctx context.Context) (string, error) {
	r := request{op: "login"}
	if x.o.Secret == nil {
		return "", x.fail(r, 0, errors.New("no password configured"))
	}
	s, err := x.o.Secret(ctx)
	if err != nil {
		return "", x.fail(r, 0, err)
	}
	x.secrets.add(x.o.User, s)
	return s, nil
}

// cancelOnClose ends a request's context when its body is closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

// Close closes the body, then cancels the context.
func (c cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// formHeader is the header of a form body.
func formHeader() http.Header {
	return http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
}
