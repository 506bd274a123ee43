// Package cli is tidings' command line (cobra): the headless commands for
// scripts and cron, and the entry to the interactive reader.
//
// It may import config, store, engine (and its subpackages), sanitize and
// ui; nothing imports it but main. It validates no bound and touches no
// file itself: subscribing, unsubscribing, settings, marks and refreshes
// are the engine's actions, shared with the reader.
package cli
