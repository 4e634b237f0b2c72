/// Types that decode an object of any class without instantiating it: the allow-list still
/// applies, the class registry and the requested type's class names do not.
protocol GenericArchivable {}
