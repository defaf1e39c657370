//! Reports of a run: expected failures (`--xfail`), the human summary,
//! the JSON report and JUnit XML.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::runner::{CaseReport, Status};

/// One expected failure: a fixture id and why it is expected to fail.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Xfail {
    /// The fixture id.
    pub id: String,
    /// Why it is expected to fail.
    pub reason: String,
}

/// Reads an xfail file: a YAML (or JSON) list of `{id, reason}`, or a map
/// with that list under `xfail`.
///
/// # Errors
/// A message naming the file.
pub fn load_xfail(path: &Path) -> Result<Vec<Xfail>, String> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum File {
        List(Vec<Xfail>),
        Map { xfail: Vec<Xfail> },
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if text.trim().is_empty() {
        return Ok(vec![]);
    }
    match serde_yaml::from_str::<File>(&text) {
        Ok(File::List(v)) | Ok(File::Map { xfail: v }) => Ok(v),
        Err(e) => Err(format!(
            "{}: expected a list of {{id, reason}} entries: {e}",
            path.display()
        )),
    }
}

/// The xfail entries for the current failures and errors (reason: the
/// first line of the first message).
pub fn xfail_from(reports: &[CaseReport]) -> Vec<Xfail> {
    reports
        .iter()
        .filter_map(|r| {
            let reason = match &r.status {
                Status::Fail(v) => v.first().cloned().unwrap_or_default(),
                Status::Error(m) => format!("error: {m}"),
                _ => return None,
            };
            Some(Xfail {
                id: r.id.clone(),
                reason: reason
                    .lines()
                    .next()
                    .unwrap_or("")
                    .trim_end_matches(':')
                    .to_string(),
            })
        })
        .collect()
}

/// The YAML text of an xfail file.
pub fn xfail_yaml(entries: &[Xfail]) -> String {
    let mut out = String::from(
        "# Expected failures: arbiter check --xfail FILE (an unexpected pass fails the run)\n",
    );
    if entries.is_empty() {
        out.push_str("[]\n");
    }
    for e in entries {
        out.push_str(&format!(
            "- id: {}\n  reason: {}\n",
            yaml_str(&e.id),
            yaml_str(&e.reason)
        ));
    }
    out
}

fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// How a case counts once expected failures are applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Passed.
    Pass,
    /// Failed (not expected to).
    Fail,
    /// The backend failed or the fixture did not load (not expected to).
    Error,
    /// The backend does not support the case.
    Skipped,
    /// Failed or errored as expected (the reason).
    XFail(String),
    /// Passed although expected to fail: counts as a failure.
    XPass(String),
}

impl Verdict {
    /// The verdict in one word: `pass`, `fail`, `error`, `skipped`,
    /// `xfail` or `xpass`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
            Verdict::Error => "error",
            Verdict::Skipped => "skipped",
            Verdict::XFail(_) => "xfail",
            Verdict::XPass(_) => "xpass",
        }
    }
    /// Whether the case makes the run fail: a failure, an error or an
    /// unexpected pass.
    pub fn is_failure(&self) -> bool {
        matches!(self, Verdict::Fail | Verdict::Error | Verdict::XPass(_))
    }
}

/// A case with its verdict.
pub struct Judged<'a> {
    /// The case.
    pub case: &'a CaseReport,
    /// Its verdict under the expected failures.
    pub verdict: Verdict,
}

/// Applies expected failures to the cases.
pub fn judge<'a>(reports: &'a [CaseReport], xfail: &[Xfail]) -> Vec<Judged<'a>> {
    let expected = expected_failures(xfail);
    reports
        .iter()
        .map(|case| Judged {
            case,
            verdict: verdict(case, &expected),
        })
        .collect()
}

/// Fixture id → reason of the expected failures.
pub fn expected_failures(xfail: &[Xfail]) -> BTreeMap<&str, &str> {
    xfail
        .iter()
        .map(|x| (x.id.as_str(), x.reason.as_str()))
        .collect()
}

/// How one case counts under the expected failures
/// ([`expected_failures`]).
pub fn verdict(case: &CaseReport, expected: &BTreeMap<&str, &str>) -> Verdict {
    let x = expected.get(case.id.as_str()).map(|r| r.to_string());
    match (&case.status, x) {
        (Status::Skipped(_), _) => Verdict::Skipped,
        (Status::Pass, Some(r)) => Verdict::XPass(r),
        (Status::Pass, None) => Verdict::Pass,
        (Status::Fail(_) | Status::Error(_), Some(r)) => Verdict::XFail(r),
        (Status::Fail(_), None) => Verdict::Fail,
        (Status::Error(_), None) => Verdict::Error,
    }
}

/// Counts of a judged run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Cases that passed.
    pub passed: usize,
    /// Failures, errors and unexpected passes.
    pub failed: usize,
    /// Of the failures: cases whose backend failed or whose fixture did
    /// not load.
    pub errors: usize,
    /// Cases the backend does not support.
    pub skipped: usize,
    /// Cases that failed as expected.
    pub xfailed: usize,
    /// Of the failures: cases that passed although expected to fail.
    pub xpassed: usize,
}

/// Counts the verdicts of judged cases.
pub fn totals(j: &[Judged]) -> Totals {
    let mut t = Totals::default();
    for c in j {
        t.add(&c.verdict);
    }
    t
}

impl Totals {
    /// Counts one more case.
    pub fn add(&mut self, v: &Verdict) {
        match v {
            Verdict::Pass => self.passed += 1,
            Verdict::Fail => self.failed += 1,
            Verdict::Error => {
                self.failed += 1;
                self.errors += 1
            }
            Verdict::Skipped => self.skipped += 1,
            Verdict::XFail(_) => self.xfailed += 1,
            Verdict::XPass(_) => {
                self.failed += 1;
                self.xpassed += 1
            }
        }
    }

    /// The cases that were checked (passed, failed or failed as expected):
    /// all but the skipped ones.
    pub fn checked(&self) -> usize {
        self.passed + self.failed + self.xfailed
    }
}

fn details(c: &CaseReport) -> Vec<String> {
    match &c.status {
        Status::Pass => vec![],
        Status::Fail(v) => v.clone(),
        Status::Error(m) | Status::Skipped(m) => vec![m.clone()],
    }
}

/// The human report: failing cases with their messages, then the summary
/// line `N passed, M failed` (`, K skipped` when nonzero; expected
/// failures count as skipped, and are named on the line before).
pub fn human(j: &[Judged], verbose: bool) -> String {
    human_with(j, &totals(j), verbose)
}

/// [`human`] with the totals of the whole run given (`j` may then hold
/// only the cases worth naming: a long run keeps no record of its passes).
pub fn human_with(j: &[Judged], t: &Totals, verbose: bool) -> String {
    let mut out = String::new();
    for c in j {
        let r = c.case;
        let head = match &c.verdict {
            Verdict::Pass if verbose => "ok   ",
            // A path that is not a fixture is always named.
            Verdict::Skipped if verbose || r.variant.is_empty() => "SKIP ",
            Verdict::XFail(_) if verbose => "XFAIL",
            Verdict::Pass | Verdict::Skipped | Verdict::XFail(_) => continue,
            Verdict::Fail => "FAIL ",
            Verdict::Error => "ERROR",
            Verdict::XPass(_) => "XPASS",
        };
        out.push_str(&format!("{head} {} ({})\n", r.id, r.file.display()));
        if let Verdict::XPass(reason) | Verdict::XFail(reason) = &c.verdict {
            out.push_str(&format!("      expected to fail: {reason}\n"));
        }
        if c.verdict != Verdict::Pass {
            for m in details(r) {
                for line in m.lines() {
                    out.push_str(&format!("      {line}\n"));
                }
            }
        }
    }
    if t.xfailed > 0 || t.xpassed > 0 {
        out.push_str(&format!(
            "xfail: {} failed as expected (counted as skipped), {} passed unexpectedly (counted as failed)\n",
            t.xfailed, t.xpassed
        ));
    }
    // The last line keeps the plain shape CI tools read.
    let mut line = format!("{} passed, {} failed", t.passed, t.failed);
    if t.skipped + t.xfailed > 0 {
        line.push_str(&format!(", {} skipped", t.skipped + t.xfailed));
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The JSON report: totals and every case with its verdict and messages.
pub fn json(j: &[Judged], backend: &str) -> serde_json::Value {
    let t = totals(j);
    let cases: Vec<_> = j
        .iter()
        .map(|c| {
            let r = c.case;
            let mut v = json!({"id": r.id, "file": r.file.display().to_string(), "variant": r.variant, "rules": r.rules,
                "status": c.verdict.name(), "details": details(r)});
            if let Verdict::XFail(reason) | Verdict::XPass(reason) = &c.verdict {
                v["xfail_reason"] = json!(reason);
            }
            v
        })
        .collect();
    json!({"backend": backend, "passed": t.passed, "failed": t.failed, "errors": t.errors, "skipped": t.skipped,
        "xfailed": t.xfailed, "xpassed": t.xpassed, "cases": cases})
}

fn xml(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => {}
            c => o.push(c),
        }
    }
    o
}

/// JUnit XML: one `<testsuite>` per variant, one `<testcase>` per fixture
/// (`classname` = variant, `name` = fixture id).
pub fn junit(j: &[Judged], backend: &str) -> String {
    let mut by_variant: BTreeMap<&str, Vec<&Judged>> = BTreeMap::new();
    for c in j {
        let v = if c.case.variant.is_empty() {
            "unknown"
        } else {
            c.case.variant.as_str()
        };
        by_variant.entry(v).or_default().push(c);
    }
    let t = totals(j);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<testsuites name=\"arbiter check: {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">\n",
        xml(backend),
        j.len(),
        t.failed - t.errors,
        t.errors,
        t.skipped + t.xfailed
    ));
    for (variant, cases) in by_variant {
        let sub = totals(
            &cases
                .iter()
                .map(|c| Judged {
                    case: c.case,
                    verdict: c.verdict.clone(),
                })
                .collect::<Vec<_>>(),
        );
        out.push_str(&format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">\n",
            xml(variant),
            cases.len(),
            sub.failed - sub.errors,
            sub.errors,
            sub.skipped + sub.xfailed
        ));
        for c in cases {
            let r = c.case;
            out.push_str(&format!(
                "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\"",
                xml(variant),
                xml(&r.id),
                xml(&r.file.display().to_string())
            ));
            let text = xml(&details(r).join("\n"));
            match &c.verdict {
                Verdict::Pass => out.push_str("/>\n"),
                Verdict::Fail => out.push_str(&format!(">\n      <failure message=\"fixture failed\">{text}</failure>\n    </testcase>\n")),
                Verdict::XPass(reason) => out.push_str(&format!(
                    ">\n      <failure message=\"unexpected pass (expected to fail: {})\"/>\n    </testcase>\n",
                    xml(reason)
                )),
                Verdict::Error => out.push_str(&format!(">\n      <error message=\"engine error\">{text}</error>\n    </testcase>\n")),
                Verdict::Skipped => out.push_str(&format!(">\n      <skipped message=\"{text}\"/>\n    </testcase>\n")),
                Verdict::XFail(reason) => out.push_str(&format!(">\n      <skipped message=\"expected failure: {}\"/>\n    </testcase>\n", xml(reason))),
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn case(id: &str, status: Status) -> CaseReport {
        CaseReport {
            id: id.into(),
            file: PathBuf::from(format!("fixtures/fide/{id}.yaml")),
            variant: "fide".into(),
            rules: vec!["G3".into()],
            status,
        }
    }

    #[test]
    fn xfail_turns_failures_into_xfails_and_passes_into_failures() {
        let reports = vec![
            case("a", Status::Pass),
            case(
                "b",
                Status::Fail(vec!["legal move set differs:\n- missing e2e4".into()]),
            ),
            case("c", Status::Error("timeout".into())),
            case("d", Status::Pass),
            case("e", Status::Skipped("no".into())),
        ];
        let t = totals(&judge(&reports, &[]));
        assert_eq!((t.passed, t.failed, t.errors, t.skipped), (2, 2, 1, 1));
        let mut x = xfail_from(&reports);
        assert_eq!(
            x.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(),
            ["b", "c"]
        );
        assert_eq!(x[0].reason, "legal move set differs");
        x.push(Xfail {
            id: "d".into(),
            reason: "fixed?".into(),
        });
        let j = judge(&reports, &x);
        let t = totals(&j);
        assert_eq!((t.passed, t.failed, t.xfailed, t.xpassed), (1, 1, 2, 1));
        let h = human(&j, false);
        assert!(h.ends_with("xfail: 2 failed as expected (counted as skipped), 1 passed unexpectedly (counted as failed)\n1 passed, 1 failed, 3 skipped\n"), "{h}");
        let xml = junit(&j, "e<ngine>");
        assert!(
            xml.contains("tests=\"5\"")
                && xml.contains("e&lt;ngine&gt;")
                && xml.contains("unexpected pass"),
            "{xml}"
        );
        let v = json(&j, "x");
        assert_eq!(v["cases"][3]["status"], "xpass");
    }

    #[test]
    fn xfail_files_round_trip() {
        let dir = std::env::temp_dir().join(format!("arbiter-xfail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("x.yaml");
        let entries = vec![Xfail {
            id: "G3-a".into(),
            reason: "perft(3): expected 8902, actual \"8901\"".into(),
        }];
        std::fs::write(&p, xfail_yaml(&entries)).unwrap();
        assert_eq!(load_xfail(&p).unwrap(), entries);
        std::fs::write(&p, r#"{"xfail": [{"id": "x", "reason": "y"}]}"#).unwrap();
        assert_eq!(load_xfail(&p).unwrap()[0].id, "x");
        std::fs::write(&p, "- id: x\n").unwrap();
        assert!(load_xfail(&p).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }
}
