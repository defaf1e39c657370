//! Named rule options (`--rule springs`, `--rule boss-hp=4`): each variant
//! declares its options; a given list is validated against them (an unknown
//! option is an error, never ignored).

use std::collections::BTreeMap;

use super::error::RuleError;

/// The type and default of a rule option.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// On/off, off by default. `--rule name` or `name=on|off|true|false|1|0`.
    Flag,
    /// An integer in `min..=max`.
    Int { min: i64, max: i64, default: i64 },
    /// One word of `values` (`name=word`); the first is the default. Read
    /// with [`Rules::int`]: the word's index.
    Choice { values: &'static [&'static str] },
    /// A non-empty set of letters of `alphabet` (`name=LETTERS`, any order,
    /// each at most once); none by default. Read with [`Rules::int`]: bit
    /// `i` set = the `i`-th letter of `alphabet` was given.
    Letters { alphabet: &'static str },
}

/// A rule option a variant supports.
#[derive(Clone, Copy, Debug)]
pub struct RuleOption {
    pub name: &'static str,
    pub kind: OptionKind,
    /// One line: what it changes and the rule ID behind it.
    pub doc: &'static str,
}

/// A deliberately misread rule (for measuring a conformance suite, issue 7).
#[derive(Clone, Copy, Debug)]
pub struct Mutant {
    pub name: &'static str,
    pub doc: &'static str,
}

/// Validated rule options of one variant: every declared option has a value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    values: BTreeMap<&'static str, i64>,
    /// The active mutant, if any (never set by fixtures; see `arbiter engine --mutant`).
    pub mutant: Option<&'static str>,
}

impl Rules {
    /// Validates `given` (`name` or `name=value` items) against `spec`.
    ///
    /// # Errors
    /// An unknown name or a value of the wrong type or range.
    pub fn parse(
        variant: &'static str,
        spec: &'static [RuleOption],
        given: &[String],
    ) -> Result<Rules, RuleError> {
        let mut values = BTreeMap::new();
        for opt in spec {
            let default = match opt.kind {
                OptionKind::Flag | OptionKind::Choice { .. } | OptionKind::Letters { .. } => 0,
                OptionKind::Int { default, .. } => default,
            };
            values.insert(opt.name, default);
        }
        for item in given {
            let (name, value) = match item.split_once('=') {
                Some((n, v)) => (n.trim(), Some(v.trim())),
                None => (item.trim(), None),
            };
            let Some(opt) = spec.iter().find(|o| o.name == name) else {
                let known: Vec<_> = spec.iter().map(|o| o.name).collect();
                return Err(RuleError::Unknown {
                    variant,
                    name: name.to_string(),
                    known: if known.is_empty() {
                        "none".into()
                    } else {
                        known.join(", ")
                    },
                });
            };
            let bad = |message: &str| RuleError::BadValue {
                name: name.to_string(),
                value: value.unwrap_or("").to_string(),
                message: message.to_string(),
            };
            let v = match (opt.kind, value) {
                (OptionKind::Flag, None) => 1,
                (OptionKind::Flag, Some(v)) => match v {
                    "on" | "true" | "1" | "yes" => 1,
                    "off" | "false" | "0" | "no" => 0,
                    _ => return Err(bad("expected on/off")),
                },
                (OptionKind::Int { .. }, None) => return Err(bad("a value is required (name=N)")),
                (OptionKind::Int { min, max, .. }, Some(v)) => {
                    let n: i64 = v.parse().map_err(|_| bad("expected an integer"))?;
                    if n < min || n > max {
                        return Err(bad(&format!("must be in {min}..={max}")));
                    }
                    n
                }
                (OptionKind::Choice { .. } | OptionKind::Letters { .. }, None) => {
                    return Err(bad("a value is required (name=VALUE)"))
                }
                (OptionKind::Choice { values }, Some(v)) => {
                    match values.iter().position(|w| *w == v) {
                        Some(i) => i as i64,
                        None => return Err(bad(&format!("expected one of {}", values.join(", ")))),
                    }
                }
                (OptionKind::Letters { alphabet }, Some(v)) => {
                    let mut set = 0i64;
                    for ch in v.chars() {
                        let Some(i) = alphabet.find(ch) else {
                            return Err(bad(&format!(
                                "'{ch}' is not one of the letters {alphabet}"
                            )));
                        };
                        if set & (1 << i) != 0 {
                            return Err(bad(&format!("'{ch}' given twice")));
                        }
                        set |= 1 << i;
                    }
                    if set == 0 {
                        return Err(bad(&format!(
                            "expected one or more of the letters {alphabet}"
                        )));
                    }
                    set
                }
            };
            values.insert(opt.name, v);
        }
        Ok(Rules {
            values,
            mutant: None,
        })
    }

    /// Sets the mutant after checking its name against `mutants`.
    ///
    /// # Errors
    /// An unknown mutant name.
    pub fn with_mutant(
        mut self,
        variant: &'static str,
        mutants: &'static [Mutant],
        name: &str,
    ) -> Result<Rules, RuleError> {
        let m =
            mutants
                .iter()
                .find(|m| m.name == name)
                .ok_or_else(|| RuleError::UnknownMutant {
                    variant,
                    name: name.to_string(),
                })?;
        self.mutant = Some(m.name);
        Ok(self)
    }

    /// The value of a flag (false if the option is not declared).
    pub fn flag(&self, name: &str) -> bool {
        self.values.get(name).copied().unwrap_or(0) != 0
    }
    /// The value of an integer option (0 if not declared).
    pub fn int(&self, name: &str) -> i64 {
        self.values.get(name).copied().unwrap_or(0)
    }
    /// Whether `name` is the active mutant.
    pub fn is_mutant(&self, name: &str) -> bool {
        self.mutant == Some(name)
    }
    /// Canonical list form (non-default values only), e.g. `["springs"]`.
    pub fn to_list(&self, spec: &'static [RuleOption]) -> Vec<String> {
        spec.iter()
            .filter_map(|o| {
                let v = self.values[o.name];
                match o.kind {
                    OptionKind::Flag => (v != 0).then(|| o.name.to_string()),
                    OptionKind::Int { default, .. } => {
                        (v != default).then(|| format!("{}={v}", o.name))
                    }
                    OptionKind::Choice { values } => {
                        (v != 0).then(|| format!("{}={}", o.name, values[v as usize]))
                    }
                    OptionKind::Letters { alphabet } => (v != 0).then(|| {
                        let letters: String = alphabet
                            .chars()
                            .enumerate()
                            .filter(|(i, _)| v & (1 << i) != 0)
                            .map(|(_, c)| c)
                            .collect();
                        format!("{}={letters}", o.name)
                    }),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    static SPEC: [RuleOption; 2] = [
        RuleOption {
            name: "springs",
            kind: OptionKind::Flag,
            doc: "",
        },
        RuleOption {
            name: "boss-hp",
            kind: OptionKind::Int {
                min: 1,
                max: 9,
                default: 3,
            },
            doc: "",
        },
    ];

    #[test]
    fn options_are_validated() {
        let r = Rules::parse("x", &SPEC, &["springs".into(), "boss-hp=4".into()]).unwrap();
        assert!(r.flag("springs"));
        assert_eq!(r.int("boss-hp"), 4);
        assert_eq!(r.to_list(&SPEC), ["springs", "boss-hp=4"]);
        assert!(matches!(
            Rules::parse("x", &SPEC, &["nope".into()]),
            Err(RuleError::Unknown { .. })
        ));
        assert!(matches!(
            Rules::parse("x", &SPEC, &["boss-hp=0".into()]),
            Err(RuleError::BadValue { .. })
        ));
        assert!(matches!(
            Rules::parse("x", &SPEC, &["boss-hp".into()]),
            Err(RuleError::BadValue { .. })
        ));
        assert!(matches!(
            Rules::parse("x", &SPEC, &["springs=maybe".into()]),
            Err(RuleError::BadValue { .. })
        ));
        let d = Rules::parse("x", &SPEC, &[]).unwrap();
        assert!(!d.flag("springs"));
        assert_eq!(d.int("boss-hp"), 3);
    }

    static WORDS: [RuleOption; 2] = [
        RuleOption {
            name: "setup",
            kind: OptionKind::Choice {
                values: &["fide", "capablanca"],
            },
            doc: "",
        },
        RuleOption {
            name: "compounds",
            kind: OptionKind::Letters { alphabet: "ACM" },
            doc: "",
        },
    ];

    #[test]
    fn choice_and_letters_are_validated() {
        let d = Rules::parse("x", &WORDS, &[]).unwrap();
        assert_eq!((d.int("setup"), d.int("compounds")), (0, 0));
        assert!(d.to_list(&WORDS).is_empty());
        let r = Rules::parse(
            "x",
            &WORDS,
            &["setup=capablanca".into(), "compounds=MA".into()],
        )
        .unwrap();
        assert_eq!(r.int("setup"), 1);
        assert_eq!(r.int("compounds"), 0b101);
        assert_eq!(r.to_list(&WORDS), ["setup=capablanca", "compounds=AM"]);
        for bad in [
            "setup=shogi",
            "setup",
            "compounds",
            "compounds=",
            "compounds=AA",
            "compounds=AX",
        ] {
            assert!(
                matches!(
                    Rules::parse("x", &WORDS, &[bad.into()]),
                    Err(RuleError::BadValue { .. })
                ),
                "{bad}"
            );
        }
    }
}
