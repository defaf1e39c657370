//! Named rule options (`--rule springs`, `--rule boss-hp=4`): each variant
//! declares its options once ([`RuleOption`]); a given list is validated
//! against them into [`Rules`] (an unknown option, a bad value or an
//! option given twice is an error, never ignored), and each game reads its
//! options back typed — a flag as `bool`, a choice as the game's own enum
//! ([`Choice`]) — where reading a name the game never declared is an
//! error too ([`RuleError::Undeclared`]).

use super::error::RuleError;

/// The type and default of a rule option.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// On/off, off by default: `--rule name` or `name=on|off`.
    Flag,
    /// An integer in `min..=max`.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
        /// Value when not given.
        default: i64,
    },
    /// One word of `values` (`name=word`); the first is the default. Read
    /// with [`Rules::choice`] into the enum whose [`Choice::WORDS`] these
    /// are.
    Choice {
        /// The words, the default first.
        values: &'static [&'static str],
    },
    /// A non-empty set of letters of `alphabet` (`name=LETTERS`, any order,
    /// each at most once); none by default. Read with [`Rules::letters`]:
    /// bit `i` set = the `i`-th letter of `alphabet` was given.
    Letters {
        /// The letters that may be given.
        alphabet: &'static str,
    },
}

/// A rule option a variant supports.
#[derive(Clone, Copy, Debug)]
pub struct RuleOption {
    /// The name `--rule` takes.
    pub name: &'static str,
    /// Its type and default.
    pub kind: OptionKind,
    /// One line: what it changes and the rule ID behind it.
    pub doc: &'static str,
}

/// A deliberately misread rule (for measuring a conformance suite).
#[derive(Clone, Copy, Debug)]
pub struct Mutant {
    /// The name `--mutant` takes.
    pub name: &'static str,
    /// One line: which rule it misreads and how.
    pub doc: &'static str,
}

/// A rule option whose value is one word of a closed set: the game's own
/// enum. `WORDS[i]` is the word of `from_index(i)`; the first is the
/// default. The option's [`OptionKind::Choice`] declares `values: WORDS`,
/// so the words are written once.
pub trait Choice: Copy + 'static {
    /// The words, the default first.
    const WORDS: &'static [&'static str];
    /// The value of `WORDS[i]`.
    fn from_index(i: usize) -> Self;
}

/// Validated rule options of one variant: every declared option has a
/// value. Read them back with the typed getters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    variant: &'static str,
    spec: &'static [RuleOption],
    mutants: &'static [Mutant],
    /// The value of each option of `spec`, in its order.
    values: Vec<i64>,
    /// The active mutant, if any (never set by fixtures; see `arbiter engine --mutant`).
    mutant: Option<&'static str>,
}

impl PartialEq for RuleOption {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for RuleOption {}
impl PartialEq for Mutant {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for Mutant {}

impl Rules {
    /// Validates `given` (`name` or `name=value` items) against `spec`.
    ///
    /// # Errors
    /// An unknown name, a value of the wrong type or range, or a name
    /// given twice.
    pub fn parse(
        variant: &'static str,
        spec: &'static [RuleOption],
        mutants: &'static [Mutant],
        given: &[String],
    ) -> Result<Rules, RuleError> {
        let mut values: Vec<i64> = spec
            .iter()
            .map(|opt| match opt.kind {
                OptionKind::Flag | OptionKind::Choice { .. } | OptionKind::Letters { .. } => 0,
                OptionKind::Int { default, .. } => default,
            })
            .collect();
        let mut seen = vec![false; spec.len()];
        for item in given {
            let (name, value) = match item.split_once('=') {
                Some((n, v)) => (n.trim(), Some(v.trim())),
                None => (item.trim(), None),
            };
            let Some(at) = spec.iter().position(|o| o.name == name) else {
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
            if std::mem::replace(&mut seen[at], true) {
                return Err(RuleError::Repeated {
                    name: spec[at].name,
                });
            }
            let opt = &spec[at];
            let bad = |message: &str| RuleError::BadValue {
                name: name.to_string(),
                value: value.unwrap_or("").to_string(),
                message: message.to_string(),
            };
            let v = match (opt.kind, value) {
                (OptionKind::Flag, None) => 1,
                (OptionKind::Flag, Some(v)) => match v {
                    "on" => 1,
                    "off" => 0,
                    _ => {
                        return Err(bad(&format!(
                            "a flag is on or off (--rule {name} or {name}=on|off)"
                        )))
                    }
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
            values[at] = v;
        }
        Ok(Rules {
            variant,
            spec,
            mutants,
            values,
            mutant: None,
        })
    }

    /// The defaults of every option of `spec` (no option given).
    pub fn defaults(
        variant: &'static str,
        spec: &'static [RuleOption],
        mutants: &'static [Mutant],
    ) -> Rules {
        Rules::parse(variant, spec, mutants, &[]).expect("no option given")
    }

    /// Sets the mutant after checking its name against the variant's
    /// mutants.
    ///
    /// # Errors
    /// An unknown mutant name.
    pub fn with_mutant(mut self, name: &str) -> Result<Rules, RuleError> {
        let m = self
            .mutants
            .iter()
            .find(|m| m.name == name)
            .ok_or_else(|| RuleError::UnknownMutant {
                variant: self.variant,
                name: name.to_string(),
            })?;
        self.mutant = Some(m.name);
        Ok(self)
    }

    /// The variant these rules are of.
    pub fn variant(&self) -> &'static str {
        self.variant
    }

    /// The declared option `name` of kind `what`, and its value.
    fn value(&self, name: &str, what: &'static str) -> Result<(&RuleOption, i64), RuleError> {
        let at = self
            .spec
            .iter()
            .position(|o| o.name == name)
            .ok_or_else(|| RuleError::Undeclared {
                variant: self.variant,
                name: name.to_string(),
                what,
            })?;
        let opt = &self.spec[at];
        let kind_ok = matches!(
            (opt.kind, what),
            (OptionKind::Flag, "flag")
                | (OptionKind::Int { .. }, "integer option")
                | (OptionKind::Choice { .. }, "choice")
                | (OptionKind::Letters { .. }, "letter set")
        );
        if !kind_ok {
            return Err(RuleError::Undeclared {
                variant: self.variant,
                name: name.to_string(),
                what,
            });
        }
        Ok((opt, self.values[at]))
    }

    /// The value of the flag `name`.
    ///
    /// # Errors
    /// [`RuleError::Undeclared`] when the variant declares no flag `name`.
    pub fn flag(&self, name: &str) -> Result<bool, RuleError> {
        self.value(name, "flag").map(|(_, v)| v != 0)
    }

    /// The value of the integer option `name`.
    ///
    /// # Errors
    /// [`RuleError::Undeclared`] when the variant declares no integer option `name`.
    pub fn int(&self, name: &str) -> Result<i64, RuleError> {
        self.value(name, "integer option").map(|(_, v)| v)
    }

    /// The value of the choice `name` as the game's enum `T`.
    ///
    /// # Errors
    /// [`RuleError::Undeclared`] when the variant declares no choice `name`
    /// with `T`'s words.
    pub fn choice<T: Choice>(&self, name: &str) -> Result<T, RuleError> {
        let (opt, v) = self.value(name, "choice")?;
        match opt.kind {
            OptionKind::Choice { values } if values == T::WORDS => Ok(T::from_index(v as usize)),
            _ => Err(RuleError::Undeclared {
                variant: self.variant,
                name: name.to_string(),
                what: "choice",
            }),
        }
    }

    /// The letters given for the letter-set option `name`: bit `i` = the
    /// `i`-th letter of its alphabet.
    ///
    /// # Errors
    /// [`RuleError::Undeclared`] when the variant declares no letter-set option `name`.
    pub fn letters(&self, name: &str) -> Result<u32, RuleError> {
        self.value(name, "letter set").map(|(_, v)| v as u32)
    }

    /// Whether `name` is the active mutant.
    ///
    /// # Errors
    /// [`RuleError::Undeclared`] when the variant declares no mutant `name`.
    pub fn is_mutant(&self, name: &str) -> Result<bool, RuleError> {
        if !self.mutants.iter().any(|m| m.name == name) {
            return Err(RuleError::Undeclared {
                variant: self.variant,
                name: name.to_string(),
                what: "mutant",
            });
        }
        Ok(self.mutant == Some(name))
    }

    /// The active mutant, if any.
    pub fn mutant(&self) -> Option<&'static str> {
        self.mutant
    }

    /// Canonical list form (non-default values only), e.g. `["springs"]`.
    pub fn to_list(&self) -> Vec<String> {
        self.spec
            .iter()
            .zip(&self.values)
            .filter_map(|(o, &v)| match o.kind {
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
    static MUTANTS: [Mutant; 1] = [Mutant { name: "m", doc: "" }];

    fn parse(spec: &'static [RuleOption], given: &[&str]) -> Result<Rules, RuleError> {
        let given: Vec<String> = given.iter().map(|s| s.to_string()).collect();
        Rules::parse("x", spec, &MUTANTS, &given)
    }

    #[test]
    fn options_are_validated() {
        let r = parse(&SPEC, &["springs", "boss-hp=4"]).unwrap();
        assert_eq!(r.flag("springs"), Ok(true));
        assert_eq!(r.int("boss-hp"), Ok(4));
        assert_eq!(r.to_list(), ["springs", "boss-hp=4"]);
        assert!(matches!(
            parse(&SPEC, &["nope"]),
            Err(RuleError::Unknown { .. })
        ));
        for bad in [
            "boss-hp=0",
            "boss-hp",
            "springs=maybe",
            "springs=1",
            "springs=true",
        ] {
            assert!(
                matches!(parse(&SPEC, &[bad]), Err(RuleError::BadValue { .. })),
                "{bad}"
            );
        }
        assert_eq!(
            parse(&SPEC, &["springs=off"]).unwrap().flag("springs"),
            Ok(false)
        );
        let d = parse(&SPEC, &[]).unwrap();
        assert_eq!(d.flag("springs"), Ok(false));
        assert_eq!(d.int("boss-hp"), Ok(3));
        assert_eq!(d, Rules::defaults("x", &SPEC, &MUTANTS));
    }

    #[test]
    fn an_option_given_twice_is_an_error() {
        for twice in [["boss-hp=3", "boss-hp=4"], ["springs", "springs=off"]] {
            let e = parse(&SPEC, &twice).unwrap_err();
            assert!(matches!(e, RuleError::Repeated { .. }), "{e}");
            assert!(e.to_string().contains("given twice"), "{e}");
        }
    }

    #[test]
    fn reading_an_undeclared_name_is_an_error() {
        let r = parse(&SPEC, &[]).unwrap();
        assert!(matches!(
            r.flag("sprngs"),
            Err(RuleError::Undeclared { .. })
        ));
        // The right name with the wrong type is no better.
        assert!(matches!(
            r.int("springs"),
            Err(RuleError::Undeclared { .. })
        ));
        assert!(matches!(
            r.flag("boss-hp"),
            Err(RuleError::Undeclared { .. })
        ));
        assert!(matches!(
            r.is_mutant("n"),
            Err(RuleError::Undeclared { .. })
        ));
        assert_eq!(r.is_mutant("m"), Ok(false));
        let m = r.clone().with_mutant("m").unwrap();
        assert_eq!((m.is_mutant("m"), m.mutant()), (Ok(true), Some("m")));
        assert!(matches!(
            r.with_mutant("n"),
            Err(RuleError::UnknownMutant { .. })
        ));
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Setup {
        Fide,
        Capablanca,
    }
    impl Choice for Setup {
        const WORDS: &'static [&'static str] = &["fide", "capablanca"];
        fn from_index(i: usize) -> Self {
            [Setup::Fide, Setup::Capablanca][i]
        }
    }
    #[derive(Clone, Copy, Debug)]
    struct Other;
    impl Choice for Other {
        const WORDS: &'static [&'static str] = &["a", "b"];
        fn from_index(_: usize) -> Self {
            Other
        }
    }

    static WORDS: [RuleOption; 2] = [
        RuleOption {
            name: "setup",
            kind: OptionKind::Choice {
                values: Setup::WORDS,
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
    fn choice_and_letters_are_validated_and_typed() {
        let d = parse(&WORDS, &[]).unwrap();
        assert_eq!(d.choice::<Setup>("setup"), Ok(Setup::Fide));
        assert_eq!(d.letters("compounds"), Ok(0));
        assert!(d.to_list().is_empty());
        let r = parse(&WORDS, &["setup=capablanca", "compounds=MA"]).unwrap();
        assert_eq!(r.choice::<Setup>("setup"), Ok(Setup::Capablanca));
        assert_eq!(r.letters("compounds"), Ok(0b101));
        assert_eq!(r.to_list(), ["setup=capablanca", "compounds=AM"]);
        // A choice read as another enum is a bug, and says so.
        assert!(matches!(
            r.choice::<Other>("setup"),
            Err(RuleError::Undeclared { .. })
        ));
        for bad in [
            "setup=shogi",
            "setup",
            "compounds",
            "compounds=",
            "compounds=AA",
            "compounds=AX",
        ] {
            assert!(
                matches!(parse(&WORDS, &[bad]), Err(RuleError::BadValue { .. })),
                "{bad}"
            );
        }
    }
}
