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
)

// maxResponseBytes caps one decoded answer of the server (a page of items).
const maxResponseBytes = 64 << 20

// request is one exchange to make with the server.
type request struct {
	op     string // what is asked, for errors
	method string
	url    string
	body   io.Reader
	header http.Header
}

// exchanger sends requests through the door with the service's timeout
// and turns failures into *Error.
type exchanger struct {
	o Options
}

// send makes r; a response that is not 2xx is closed and returned as an
// error (401 and 403 as ErrLoginRefused). The caller closes the body.
func (x exchanger) send(ctx context.Context, r request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, x.o.Timeout)
	req, err := http.NewRequestWithContext(ctx, r.method, r.url, r.body)
	if err != nil {
		cancel()
		return nil, &Error{URL: x.o.URL, Op: r.op, Err: err}
	}
	for k, v := range r.header {
		req.Header[k] = v
	}
	resp, err := x.o.HTTP.Do(req)
	if err != nil {
		cancel()
		return nil, &Error{URL: x.o.URL, Op: r.op, Err: err}
	}
	resp.Body = cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
	if resp.StatusCode/100 != 2 {
		defer resp.Body.Close()
		return nil, x.statusError(r.op, resp.StatusCode, serverMessage(resp.Body))
	}
	return resp, nil
}

// statusError words a refused exchange, with the server's message when
// it gave one.
func (x exchanger) statusError(op string, status int, msg string) error {
	text := fetch.StatusText(status)
	if msg != "" {
		text += ": " + msg
	}
	err := errors.New(text)
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden:
		err = ErrLoginRefused
	case http.StatusNotFound:
		err = fmt.Errorf("%w (%s)", ErrNotFound, text)
	}
	return &Error{URL: x.o.URL, Op: op, Status: status, Err: err}
}

// serverMessage reads a refusal's message: Miniflux's {"error_message"},
// else a short line of text; "" for HTML or nothing.
func serverMessage(body io.Reader) string {
	b, _ := io.ReadAll(io.LimitReader(body, 4<<10))
	var j struct {
		ErrorMessage string `json:"error_message"`
		Error        string `json:"error"`
	}
	if json.Unmarshal(b, &j) == nil {
		return cleanMessage(j.ErrorMessage + j.Error)
	}
	s := cleanMessage(string(b))
	if strings.HasPrefix(s, "<") {
		return ""
	}
	return s
}

// json makes r and decodes its JSON answer into v.
func (x exchanger) json(ctx context.Context, r request, v any) (*http.Response, error) {
	resp, err := x.send(ctx, r)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxResponseBytes)).Decode(v); err != nil {
		return resp, &Error{URL: x.o.URL, Op: r.op, Status: resp.StatusCode, Err: fmt.Errorf("unreadable answer: %w", err)}
	}
	return resp, nil
}

// text makes r and returns its body as text (at most 64 KiB).
func (x exchanger) text(ctx context.Context, r request) (string, error) {
	resp, err := x.send(ctx, r)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return "", &Error{URL: x.o.URL, Op: r.op, Status: resp.StatusCode, Err: err}
	}
	return string(b), nil
}

// secret returns the password, or an error that never holds it.
func (x exchanger) secret(ctx context.Context) (string, error) {
	if x.o.Secret == nil {
		return "", &Error{URL: x.o.URL, Op: "login", Err: errors.New("no password configured")}
	}
	s, err := x.o.Secret(ctx)
	if err != nil {
		return "", &Error{URL: x.o.URL, Op: "login", Err: err}
	}
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

// formBody encodes form values as a request body with its header.
func formBody(encoded string) (io.Reader, http.Header) {
	return strings.NewReader(encoded), http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
}
