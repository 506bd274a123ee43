package fetch

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"
)

// closedAddr returns a loopback address on host where nothing listens.
func closedAddr(t *testing.T, host string) string {
	t.Helper()
	l, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// dialFailing is a transport whose every dial fails with err, before any
// connection.
func dialFailing(err error) http.RoundTripper {
	t := NewTransport(time.Second)
	t.DialContext = func(context.Context, string, string) (net.Conn, error) { return nil, err }
	return t
}

// dialHanging is a transport whose dials wait until the request's deadline.
func dialHanging() http.RoundTripper {
	t := NewTransport(time.Minute)
	t.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return t
}

func testClient(tr http.RoundTripper, timeout time.Duration) *Client {
	return New(Options{Transport: tr, UserAgent: "test", ResponseTimeout: timeout, MaxBody: 1 << 20,
		BucketInitial: 1, BucketCapacity: 1, InFlight: 4, PerHost: 1})
}

func TestIsNetworkErrorTellsTheNetworkFromTheServer(t *testing.T) {
	hang := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-hang }))
	t.Cleanup(slow.Close)
	t.Cleanup(func() { close(hang) }) // runs first: the handler returns, then Close
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	t.Cleanup(failing.Close)
	tlsSrv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {}))
	t.Cleanup(tlsSrv.Close)

	dnsErr := &net.DNSError{Err: "no such host", Name: "feeds.example", IsNotFound: true}
	cases := []struct {
		name    string
		url     string
		tr      http.RoundTripper
		timeout time.Duration
		network bool
		cert    bool
	}{
		{"connection refused", "http://" + closedAddr(t, "127.0.0.2") + "/f", nil, 5 * time.Second, true, false},
		{"name not resolved", "http://feeds.example/f", dialFailing(&net.OpError{Op: "dial", Net: "tcp", Err: dnsErr}), time.Second, true, false},
		{"network unreachable", "http://192.0.2.1/f", dialFailing(&net.OpError{Op: "dial", Net: "tcp", Err: syscall.ENETUNREACH}), time.Second, true, false},
		{"no route to host", "http://192.0.2.1/f", dialFailing(&net.OpError{Op: "dial", Net: "tcp", Err: syscall.EHOSTUNREACH}), time.Second, true, false},
		{"connecting timed out", "http://192.0.2.1/f", dialHanging(), 50 * time.Millisecond, true, false},
		{"server too slow after connecting", slow.URL + "/f", nil, 50 * time.Millisecond, false, false},
		{"certificate not trusted", tlsSrv.URL + "/f", nil, 5 * time.Second, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := testClient(tc.tr, tc.timeout)
			_, err := c.Get(context.Background(), tc.url, Validators{})
			if err == nil {
				t.Fatal("Get succeeded, want an error")
			}
			if got := IsNetworkError(err); got != tc.network {
				t.Errorf("IsNetworkError(%v) = %v, want %v", err, got, tc.network)
			}
			if got := IsCertificateError(err); got != tc.cert {
				t.Errorf("IsCertificateError(%v) = %v, want %v", err, got, tc.cert)
			}
			if KindOf(err) != KindDownloadFailed {
				t.Errorf("kind %q, want %q (the platform's kinds are unchanged)", KindOf(err), KindDownloadFailed)
			}
		})
	}
	t.Run("an HTTP status is no error at all", func(t *testing.T) {
		resp, err := testClient(nil, 5*time.Second).Get(context.Background(), failing.URL+"/f", Validators{})
		if err != nil || resp.Status != http.StatusServiceUnavailable {
			t.Fatalf("Get = %v, %v; want a 503 response", resp, err)
		}
		if IsNetworkError(StatusError(failing.URL, resp.Status)) {
			t.Error("a 503 counted as a network error")
		}
	})
}

func TestIsNetworkErrorThroughDo(t *testing.T) {
	req, err := http.NewRequest(http.MethodGet, "http://"+closedAddr(t, "127.0.0.3")+"/api", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = testClient(nil, time.Second).Do(req)
	if !IsNetworkError(err) {
		t.Fatalf("Do to a closed port: IsNetworkError(%v) = false, want true", err)
	}
}

func TestIsNetworkErrorOfPlainErrors(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"dial refused", &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}, true},
		{"DNS", &net.DNSError{Err: "no such host", Name: "x.example"}, true},
		{"read reset", &net.OpError{Op: "read", Err: syscall.ECONNRESET}, false},
		{"canceled", context.Canceled, false},
		{"other", errors.New("invalid feed"), false},
		{"canceled download", &DownloadError{Kind: KindCanceled, URL: "http://x/", Err: context.Canceled}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsNetworkError(tc.err); got != tc.want {
				t.Errorf("IsNetworkError(%v) = %v, want %v", tc.err, got, tc.want)
			}
		})
	}
}

func TestCanceledRequestIsNotANetworkError(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	tr := NewTransport(time.Minute)
	tr.DialContext = func(dctx context.Context, _, _ string) (net.Conn, error) {
		cancel()
		<-dctx.Done()
		return nil, dctx.Err()
	}
	_, err := testClient(tr, time.Minute).Get(ctx, "http://192.0.2.1/f", Validators{})
	if KindOf(err) != KindCanceled || IsNetworkError(err) {
		t.Fatalf("canceled Get: kind %q, network %v; want canceled, not network", KindOf(err), IsNetworkError(err))
	}
}
