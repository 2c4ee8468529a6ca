//! The report's values as Python objects, made straight from the serde model the JSON report is written from:
//! the same dicts, lists and scalars `json.loads` of `--format json` gives (a non-finite float is None, as JSON
//! has it null; a map's integer keys are strings), without writing and parsing JSON text between them. On the
//! 18,326 files of the corpus's `games/` the text was 27 MB and parsing it took a quarter of `check_many`'s time
//! (BENCHMARKS.md, section 9). A struct's field names are made once per call, interned, and shared by every
//! dict that has them, as `json.loads` shares its keys.

use std::collections::HashMap;
use std::fmt;

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde::ser::{self, Serialize};

/// Python objects for values, the field names made so far kept for the next.
pub(crate) struct Converter<'py> {
    py: Python<'py>,
    /// A struct's field names, by the address of their static text.
    names: HashMap<(usize, usize), Bound<'py, PyString>>,
}

impl<'py> Converter<'py> {
    pub(crate) fn new(py: Python<'py>) -> Converter<'py> {
        Converter { py, names: HashMap::new() }
    }

    /// `value` as Python objects.
    pub(crate) fn convert<T: Serialize + ?Sized>(&mut self, value: &T) -> PyResult<Bound<'py, PyAny>> {
        value.serialize(Objects { to: self }).map_err(|e| e.0)
    }

    fn name(&mut self, name: &'static str) -> Bound<'py, PyString> {
        let py = self.py;
        self.names.entry((name.as_ptr() as usize, name.len())).or_insert_with(|| PyString::intern(py, name)).clone()
    }
}

/// A conversion's error: Python's, or the model's own (`serde::ser::Error::custom`).
#[derive(Debug)]
pub(crate) struct Error(PyErr);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error(PyValueError::new_err(msg.to_string()))
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Error {
        Error(e)
    }
}

type Result<T> = std::result::Result<T, Error>;

/// The serializer of one value.
struct Objects<'a, 'py> {
    to: &'a mut Converter<'py>,
}

impl<'py> Objects<'_, 'py> {
    fn object(&self, value: impl IntoPyObject<'py>) -> Result<Bound<'py, PyAny>> {
        Ok(value.into_bound_py_any(self.to.py)?)
    }

    fn none(&self) -> Result<Bound<'py, PyAny>> {
        Ok(self.to.py.None().into_bound(self.to.py))
    }

    /// `{variant: value}`, as serde_json writes a variant with data.
    fn tagged(self, variant: &'static str, value: Bound<'py, PyAny>) -> Result<Bound<'py, PyAny>> {
        let dict = PyDict::new(self.to.py);
        dict.set_item(self.to.name(variant), value)?;
        Ok(dict.into_any())
    }
}

impl<'a, 'py> ser::Serializer for Objects<'a, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Items<'a, 'py>;
    type SerializeTuple = Items<'a, 'py>;
    type SerializeTupleStruct = Items<'a, 'py>;
    type SerializeTupleVariant = Items<'a, 'py>;
    type SerializeMap = Entries<'a, 'py>;
    type SerializeStruct = Entries<'a, 'py>;
    type SerializeStructVariant = Entries<'a, 'py>;

    fn serialize_bool(self, v: bool) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i8(self, v: i8) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i128(self, v: i128) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u128(self, v: u128) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Self::Ok> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Self::Ok> {
        // JSON has no infinity or NaN: serde_json writes them null.
        if v.is_finite() { self.object(v) } else { self.none() }
    }
    fn serialize_char(self, v: char) -> Result<Self::Ok> {
        self.object(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok> {
        // serde_json writes bytes as an array of numbers.
        Ok(PyList::new(self.to.py, v)?.into_any())
    }
    fn serialize_none(self) -> Result<Self::Ok> {
        self.none()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Self::Ok> {
        self.none()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok> {
        self.none()
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<Self::Ok> {
        Ok(self.to.name(variant).into_any())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<Self::Ok> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Self::Ok> {
        let value = value.serialize(Objects { to: &mut *self.to })?;
        self.tagged(variant, value)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Items<'a, 'py>> {
        Ok(Items { to: self.to, items: Vec::with_capacity(len.unwrap_or(0)), variant: None })
    }
    fn serialize_tuple(self, len: usize) -> Result<Items<'a, 'py>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Items<'a, 'py>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Items<'a, 'py>> {
        Ok(Items { to: self.to, items: Vec::with_capacity(len), variant: Some(variant) })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Entries<'a, 'py>> {
        let dict = PyDict::new(self.to.py);
        Ok(Entries { to: self.to, dict, key: None, variant: None })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Entries<'a, 'py>> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Entries<'a, 'py>> {
        let dict = PyDict::new(self.to.py);
        Ok(Entries { to: self.to, dict, key: None, variant: Some(variant) })
    }
}

/// A list being made (for a tuple variant, `{variant: [...]}`).
struct Items<'a, 'py> {
    to: &'a mut Converter<'py>,
    items: Vec<Bound<'py, PyAny>>,
    variant: Option<&'static str>,
}

impl<'py> Items<'_, 'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.items.push(value.serialize(Objects { to: &mut *self.to })?);
        Ok(())
    }

    fn finish(self) -> Result<Bound<'py, PyAny>> {
        let list = PyList::new(self.to.py, self.items)?.into_any();
        match self.variant {
            Some(variant) => Objects { to: self.to }.tagged(variant, list),
            None => Ok(list),
        }
    }
}

/// The four ways serde makes a list, each one [`Items::push`] per element and [`Items::finish`].
macro_rules! list_serializer {
    ($($trait:ident :: $element:ident),*) => {$(
        impl<'py> ser::$trait for Items<'_, 'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = Error;
            fn $element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
                self.push(value)
            }
            fn end(self) -> Result<Self::Ok> {
                self.finish()
            }
        }
    )*};
}

list_serializer!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// A dict being made (for a struct variant, `{variant: {...}}`).
struct Entries<'a, 'py> {
    to: &'a mut Converter<'py>,
    dict: Bound<'py, PyDict>,
    /// A map's key, until its value comes.
    key: Option<Bound<'py, PyAny>>,
    variant: Option<&'static str>,
}

impl<'py> Entries<'_, 'py> {
    fn field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<()> {
        let value = value.serialize(Objects { to: &mut *self.to })?;
        self.dict.set_item(self.to.name(name), value)?;
        Ok(())
    }

    fn finish(self) -> Result<Bound<'py, PyAny>> {
        match self.variant {
            Some(variant) => Objects { to: self.to }.tagged(variant, self.dict.into_any()),
            None => Ok(self.dict.into_any()),
        }
    }
}

impl<'py> ser::SerializeMap for Entries<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        // JSON's keys are strings: serde_json writes a number or a bool key as its text.
        let key = serde_json::to_value(key).map_err(<Error as ser::Error>::custom)?;
        let key = match key {
            serde_json::Value::String(text) => text,
            serde_json::Value::Number(_) | serde_json::Value::Bool(_) => key.to_string(),
            _ => return Err(<Error as ser::Error>::custom("a map key that is not a string")),
        };
        self.key = Some(PyString::new(self.to.py, &key).into_any());
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let key = self.key.take().ok_or_else(|| <Error as ser::Error>::custom("a map value without its key"))?;
        let value = value.serialize(Objects { to: &mut *self.to })?;
        self.dict.set_item(key, value)?;
        Ok(())
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

/// A struct and a struct variant: [`Entries::field`] per field.
macro_rules! struct_serializer {
    ($($trait:ident),*) => {$(
        impl<'py> ser::$trait for Entries<'_, 'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<()> {
                self.field(name, value)
            }
            fn end(self) -> Result<Self::Ok> {
                self.finish()
            }
        }
    )*};
}

struct_serializer!(SerializeStruct, SerializeStructVariant);
