package dev.execd.api.docs;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.RequestBody;
import org.springdoc.core.customizers.OpenApiCustomizer;

import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

/**
 * Request bodies as {@code components/requestBodies}, each with its schema inline, and
 * the objects nested in them inline too, so that {@code components/schemas} holds what
 * the server sends (and value types such as {@code Key}). A request field's
 * {@code default} says what the server assumes when the field is absent; generators such
 * as openapi-typescript read a {@code default} in a shared schema as "always present",
 * which is true of responses only, and tell request bodies apart by where the schema
 * stands. Runs in any order with the other customizers: it moves whole request bodies and
 * only removes the schemas it inlined.
 */
@Component
@Lazy
class RequestBodies implements OpenApiCustomizer {

	static final String REQUEST_BODIES = "#/components/requestBodies/";

	static final String CONVENTION = """


			**Request bodies** are `components/requestBodies`, each with its schema inline, \
			objects nested in it included; `components/schemas` holds what the server sends and \
			shared value types (`Key`, `SignalName`). A request field's `default` is what the \
			server assumes when the field is absent, so a field with a default is never \
			required; a response field is always present (`null` when it has no value). \
			Where a body needs one field of several (`cmd` or `argv`, `parts` or the \
			top-level input), its schema says so with `oneOf`. The enumerations of keys and \
			signals list canonical spellings; the server also accepts the variants their \
			descriptions name.""";

	private static final String SCHEMAS = "#/components/schemas/";

	@Override
	@SuppressWarnings("unchecked")
	public void customise(OpenAPI openApi) {
		Components components = openApi.getComponents();
		Map<String, Schema> schemas = components.getSchemas();
		RequestShapes.apply(schemas);
		Set<String> inlined = new LinkedHashSet<>();
		Map<String, Schema<?>> done = new HashMap<>();
		openApi.getPaths().values().forEach((path) -> path.readOperations().forEach((operation) -> {
			RequestBody body = operation.getRequestBody();
			MediaType json = (body != null && body.getContent() != null) ? body.getContent().get("application/json")
					: null;
			if (json == null || json.getSchema() == null || json.getSchema().get$ref() == null) {
				return;
			}
			String name = json.getSchema().get$ref().substring(SCHEMAS.length());
			if (components.getRequestBodies() != null && components.getRequestBodies().containsKey(name)) {
				throw new IllegalStateException(name + " is the body of two operations: give each its own record");
			}
			json.setSchema(inline(name, schemas, done, inlined));
			OpenApiConfiguration.withoutNamesAsDescriptions(body.getContent());
			components.addRequestBodies(name, body);
			operation.setRequestBody(new RequestBody().$ref(REQUEST_BODIES + name));
		}));
		removeUnreferenced(openApi, inlined);
		if (!openApi.getInfo().getDescription().contains(CONVENTION)) {
			openApi.getInfo().setDescription(openApi.getInfo().getDescription() + CONVENTION);
		}
	}

	/**
	 * The named schema with every object schema it refers to written in its place, once
	 * per name; value types (no properties) stay references.
	 */
	@SuppressWarnings("unchecked")
	private static Schema<?> inline(String name, Map<String, Schema> schemas, Map<String, Schema<?>> done,
			Set<String> inlined) {
		Schema<?> schema = done.get(name);
		if (schema != null) {
			return schema;
		}
		schema = schemas.get(name);
		done.put(name, schema);
		inlined.add(name);
		if (schema.getProperties() != null) {
			for (Map.Entry<String, Schema> property : ((Map<String, Schema>) schema.getProperties()).entrySet()) {
				Schema<?> value = property.getValue();
				if (value.getItems() != null) {
					value.setItems(resolved(value.getItems(), schemas, done, inlined));
				}
				property.setValue(resolved(value, schemas, done, inlined));
			}
		}
		return schema;
	}

	/**
	 * The schema at a reference site: the inlined object in place of a reference to one,
	 * with the site's own description.
	 */
	private static Schema<?> resolved(Schema<?> site, Map<String, Schema> schemas, Map<String, Schema<?>> done,
			Set<String> inlined) {
		if (site.get$ref() == null || !site.get$ref().startsWith(SCHEMAS)) {
			return site;
		}
		String name = site.get$ref().substring(SCHEMAS.length());
		Schema<?> target = schemas.get(name);
		if (target == null || target.getProperties() == null) {
			return site;
		}
		Schema<?> object = inline(name, schemas, done, inlined);
		if (site.getDescription() == null || site.getDescription().equals(object.getDescription())) {
			return object;
		}
		return copy(object).description(site.getDescription());
	}

	/** A shallow copy of an object schema, to give it another description. */
	@SuppressWarnings("unchecked")
	private static Schema<?> copy(Schema<?> object) {
		Schema<Object> copy = new JsonSchema();
		copy.setTypes(object.getTypes());
		copy.setProperties(new LinkedHashMap<>(object.getProperties()));
		copy.setRequired(object.getRequired());
		copy.setOneOf(object.getOneOf());
		copy.setAnyOf(object.getAnyOf());
		copy.setAdditionalProperties(object.getAdditionalProperties());
		copy.setExample(object.getExample());
		return copy;
	}

	/** Removes the inlined schemas that nothing refers to any more. */
	private static void removeUnreferenced(OpenAPI openApi, Set<String> inlined) {
		boolean removed = true;
		while (removed) {
			String contract;
			try {
				contract = Json31.mapper().writeValueAsString(openApi);
			}
			catch (JsonProcessingException ex) {
				throw new IllegalStateException(ex);
			}
			removed = openApi.getComponents()
				.getSchemas()
				.keySet()
				.removeIf((name) -> inlined.contains(name) && !contract.contains("\"" + SCHEMAS + name + "\""));
		}
	}

}
