// Package engine downloads feeds: it decides when each subscription is due,
// fetches it politely over HTTP, turns the body into tidings' native model
// (Parse) and hands the result on to be sanitized and merged into the store.
//
// Parse accepts RSS 0.91, 0.92, 1.0 (RDF) and 2.0, Atom 0.3 and 1.0, and the
// XML redirect document (<redirect><newLocation>…</newLocation></redirect>).
// It extracts faithfully and does not sanitize; that is a later step.
package engine
