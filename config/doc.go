// Package config loads tidings' user configuration from a TOML file.
//
// The configuration is a plain [Config] value that callers pass around
// explicitly; the package keeps no global state. [Default] returns the
// built-in defaults (those of the Windows RSS Platform where tidings follows
// it) and [Load] overlays a TOML file on top of them:
//
//	default_interval = 1440        # minutes, >= 15
//	max_items = 200                # per-feed default, 1..2500
//	log_file = ""                  # "" = <datadir>/tidings.log
//
//	[sync]
//	download_threads = 4           # 1..16
//	per_host_connections = 1       # 1..16
//	bucket_initial = 2             # 0..bucket_capacity
//	bucket_capacity = 4            # >= 1
//	bucket_refill_per_second = 1.0 # >= 0; 0 = unthrottled
//	honor_skip_hints = true
//	connect_timeout = "15s"        # Go duration, > 0
//	response_timeout = "60s"       # Go duration, > 0
//	max_body_bytes = 20971520      # >= 1024
//	user_agent = ""                # "" = tidings/VERSION (+https://github.com/tidings-rss/tidings)
//
//	[enclosures]
//	download = false
//	directory = ""                 # "" = <datadir>/enclosures
//	max_concurrent = 4             # 1..16
//	fallback_cap_bytes = 15728640  # >= 1
//	blocked_extensions = []        # added to the built-in list
//	blocked_types = []             # added to the built-in list
//
//	[ui]
//	notify_command = ""
//
//	[remote]                       # an account on a feed-sync server; absent: none
//	type = "greader"               # or "miniflux" (Miniflux's own API)
//	url = "https://rss.example.org/api/greader.php"
//	user = "me"
//	password = "…"                 # or password_command = "pass show rss" (first line)
//	                               # miniflux: or token = "…" instead of user and password
//	interval = 15                  # minutes between automatic syncs, >= 5
//
// Decoding is strict: an unknown key, a value of the wrong type or a value out
// of range makes [Load] fail with an [*Error] naming the file, the line and
// the dotted key, for example
//
//	config /home/u/.config/tidings/config.toml:7: sync.download_threads = 99: must be between 1 and 16
//
// Path defaults: [Default] leaves [Config.LogFile] and
// [EnclosureConfig.Directory] empty, meaning "inside the data directory".
// [Load] resolves them: a leading "~/" is expanded to the home directory and
// empty values become <datadir>/tidings.log and <datadir>/enclosures, where
// <datadir> is [DefaultDataDir]. [Config.Resolve] does the same for a
// configuration built in code.
package config
