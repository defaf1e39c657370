//! A small JSON Schema validator for the subset of keywords the files of
//! `schemas/` use (`$ref` to `#/$defs`, `type`, `enum`, `required`,
//! `properties`, `additionalProperties`, `items`, `minItems`, `minLength`,
//! `minimum`, `maximum`, `minProperties`, `maxProperties`,
//! `propertyNames` with a digits-only `pattern`, `anyOf`, `not`); an
//! unknown keyword panics so the subset cannot silently grow. Used by
//! tests/it/engine_schema.rs and tests/it/split_merge.rs; include it with
//! `#[path = "common/schema.rs"] mod schema;`.
#![allow(dead_code)]

use serde_json::Value;

/// The schema file `schemas/<name>`.
pub fn load(name: &str) -> Value {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("schemas")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(&p).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn type_ok(t: &str, v: &Value) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        other => panic!("unknown type {other}"),
    }
}

/// Errors of `v` against `s` (empty = valid), with JSON-pointer-ish paths.
pub fn validate(root: &Value, s: &Value, v: &Value, path: &str, errs: &mut Vec<String>) {
    let Some(obj) = s.as_object() else { return };
    for (k, kw) in obj {
        match k.as_str() {
            "$schema" | "title" | "description" | "$defs" => {}
            "$ref" => {
                let name = kw
                    .as_str()
                    .unwrap()
                    .strip_prefix("#/$defs/")
                    .expect("local $ref");
                validate(root, &root["$defs"][name], v, path, errs);
            }
            "type" => {
                let ok = match kw {
                    Value::String(t) => type_ok(t, v),
                    Value::Array(ts) => ts.iter().any(|t| type_ok(t.as_str().unwrap(), v)),
                    _ => panic!("bad type keyword"),
                };
                if !ok {
                    errs.push(format!("{path}: expected type {kw}, got {v}"));
                }
            }
            "enum" => {
                if !kw.as_array().unwrap().contains(v) {
                    errs.push(format!("{path}: {v} is not one of {kw}"));
                }
            }
            "required" => {
                if let Some(o) = v.as_object() {
                    for r in kw.as_array().unwrap() {
                        if !o.contains_key(r.as_str().unwrap()) {
                            errs.push(format!(
                                "{path}: missing required '{}'",
                                r.as_str().unwrap()
                            ));
                        }
                    }
                }
            }
            "properties" => {
                if let Some(o) = v.as_object() {
                    for (name, sub) in kw.as_object().unwrap() {
                        if let Some(x) = o.get(name) {
                            validate(root, sub, x, &format!("{path}/{name}"), errs);
                        }
                    }
                }
            }
            "additionalProperties" => {
                if let Some(o) = v.as_object() {
                    let known = obj.get("properties").and_then(Value::as_object);
                    for (name, x) in o {
                        if known.is_some_and(|k| k.contains_key(name)) {
                            continue;
                        }
                        match kw {
                            Value::Bool(false) => {
                                errs.push(format!("{path}: unexpected property '{name}'"))
                            }
                            Value::Bool(true) => {}
                            sub => validate(root, sub, x, &format!("{path}/{name}"), errs),
                        }
                    }
                }
            }
            "propertyNames" => {
                assert_eq!(
                    kw["pattern"], "^[0-9]+$",
                    "only digit patterns are supported"
                );
                if let Some(o) = v.as_object() {
                    for name in o.keys() {
                        if name.is_empty() || !name.chars().all(|c| c.is_ascii_digit()) {
                            errs.push(format!("{path}: property name '{name}' is not a number"));
                        }
                    }
                }
            }
            "items" => {
                if let Some(a) = v.as_array() {
                    for (i, x) in a.iter().enumerate() {
                        validate(root, kw, x, &format!("{path}/{i}"), errs);
                    }
                }
            }
            "minItems" => {
                if v.as_array()
                    .is_some_and(|a| (a.len() as u64) < kw.as_u64().unwrap())
                {
                    errs.push(format!("{path}: fewer than {kw} items"));
                }
            }
            "minLength" => {
                if v.as_str()
                    .is_some_and(|s| (s.chars().count() as u64) < kw.as_u64().unwrap())
                {
                    errs.push(format!("{path}: shorter than {kw}"));
                }
            }
            "minimum" => {
                if v.as_f64().is_some_and(|n| n < kw.as_f64().unwrap()) {
                    errs.push(format!("{path}: {v} below the minimum {kw}"));
                }
            }
            "maximum" => {
                if v.as_f64().is_some_and(|n| n > kw.as_f64().unwrap()) {
                    errs.push(format!("{path}: {v} above the maximum {kw}"));
                }
            }
            "minProperties" => {
                if v.as_object()
                    .is_some_and(|o| (o.len() as u64) < kw.as_u64().unwrap())
                {
                    errs.push(format!("{path}: fewer than {kw} properties"));
                }
            }
            "maxProperties" => {
                if v.as_object()
                    .is_some_and(|o| (o.len() as u64) > kw.as_u64().unwrap())
                {
                    errs.push(format!("{path}: more than {kw} properties"));
                }
            }
            "anyOf" => {
                let branches: Vec<Vec<String>> = kw
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| {
                        let mut e = Vec::new();
                        validate(root, b, v, path, &mut e);
                        e
                    })
                    .collect();
                if branches.iter().all(|e| !e.is_empty()) {
                    errs.push(format!("{path}: matches no branch of anyOf: {branches:?}"));
                }
            }
            "not" => {
                let mut e = Vec::new();
                validate(root, kw, v, path, &mut e);
                if e.is_empty() {
                    errs.push(format!("{path}: must not match {kw}"));
                }
            }
            other => panic!("schema keyword '{other}' is not supported by this test's validator"),
        }
    }
}

pub fn errors(schema: &Value, v: &Value) -> Vec<String> {
    let mut e = Vec::new();
    validate(schema, schema, v, "", &mut e);
    e
}
