package dev.execd.api.docs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import dev.execd.api.ScopeResolver;
import dev.execd.session.Scope;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.jackson.ModelResolver;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.info.Contact;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.QueryParameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.utils.SpringDocUtils;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;

/**
 * The API description served at {@code /v3/api-docs} and committed as
 * {@code openapi/execd.yaml}: a relative server URL (never a port), the bearer scheme
 * that Swagger UI's Authorize button uses, the product information, the reusable refusals
 * of {@link ProblemResponses}, and the snake_case property names of the wire. Each
 * operation documents itself with annotations next to its handler. Lazy, as springdoc's
 * own beans are ({@link LazyDocsConfiguration}): made at the first request for the
 * description.
 */
@Configuration(proxyBeanMethods = false)
@Lazy
class OpenApiConfiguration {

	static final String BEARER = "bearer";

	static {
		// The scope is resolved from headers and the token, not bound from the request.
		SpringDocUtils.getConfig().addRequestWrapperToIgnore(Scope.class);
	}

	/**
	 * The operations a browser opens without setting headers (EventSource, WebSocket, a
	 * link to a log): only these document the {@code conversation_id} query parameter,
	 * although every route accepts it. The attach channel documents its own.
	 */
	private static final Set<String> HEADERLESS = Set.of("streamOutput", "streamEvents", "streamScreen", "downloadLog");

	/**
	 * Documents the conversation header on every operation that is scoped to a
	 * conversation, and the query parameter where a client may be unable to send it. The
	 * header has no example: Swagger UI would send it, and the sessions it starts would
	 * land in a conversation the default listing does not show.
	 */
	@Bean
	OperationCustomizer conversationParameters() {
		return (operation, handler) -> {
			boolean scoped = Arrays.stream(handler.getMethodParameters())
				.anyMatch((p) -> p.getParameterType() == Scope.class);
			if (scoped) {
				operation.addParametersItem(new HeaderParameter().name(ScopeResolver.HEADER)
					.description("The conversation the session belongs to: 1-128 characters of [A-Za-z0-9._:-]; "
							+ "`default` when absent. Wins over the `conversation_id` query parameter. "
							+ "Sessions of other conversations answer 404, as if they did not exist.")
					.schema(new StringSchema().pattern("^[A-Za-z0-9._:-]{1,128}$")._default("default")));
			}
			if (scoped && HEADERLESS.contains(operation.getOperationId())) {
				operation.addParametersItem(new QueryParameter().name(ScopeResolver.PARAMETER)
					.description("The conversation, for clients that cannot send headers (browsers' EventSource "
							+ "and WebSocket, a link to the log). Ignored when `X-Conversation-Id` is sent.")
					.schema(new StringSchema().pattern("^[A-Za-z0-9._:-]{1,128}$")));
			}
			return operation;
		};
	}

	/**
	 * Schemas in snake_case, as the API speaks: springdoc inspects types with its own
	 * (Jackson 2) mapper, which knows nothing of the application's naming strategy. It
	 * resolves OpenAPI 3.1 schemas, as springdoc's default resolver does, so that
	 * {@code @Schema(types = {"string", "null"})} says which fields may be {@code null}.
	 */
	@Bean
	ModelResolver snakeCaseModels() {
		return new ModelResolver(Json31.mapper().copy().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE))
			.openapi31(true);
	}

	/**
	 * Adds the refusals that do not depend on the operation: 401 and 403 (checked before
	 * routing) everywhere, 413 and 415 wherever a body is read, with the schema of their
	 * bodies; and lets a nullable enum also accept the null the API sends.
	 */
	@Bean
	OpenApiCustomizer sharedRefusals() {
		return (openApi) -> {
			// Only the reusable responses refer to the problem schema, so no handler
			// brings it.
			ModelConverters.getInstance(true)
				.readAll(ProblemResponse.class)
				.forEach((name, schema) -> openApi.getComponents().addSchemas(name, schema));
			openApi.getPaths().values().forEach((path) -> path.readOperations().forEach((operation) -> {
				addIfAbsent(operation, "401", ProblemResponses.UNAUTHORIZED);
				addIfAbsent(operation, "403", ProblemResponses.FORBIDDEN);
				if (operation.getRequestBody() != null) {
					addIfAbsent(operation, "413", ProblemResponses.PAYLOAD_TOO_LARGE);
					addIfAbsent(operation, "415", ProblemResponses.UNSUPPORTED_MEDIA_TYPE);
					withoutNamesAsDescriptions(operation.getRequestBody().getContent());
				}
				operation.getResponses()
					.values()
					.forEach((response) -> withoutNamesAsDescriptions(response.getContent()));
			}));
			Map<String, Schema> schemas = openApi.getComponents().getSchemas();
			if (schemas != null) {
				schemas.values()
					.stream()
					.filter((schema) -> schema.getProperties() != null)
					.flatMap((schema) -> ((Map<String, Schema>) schema.getProperties()).values().stream())
					.filter((property) -> property.getEnum() != null && property.getTypes() != null
							&& property.getTypes().contains("null") && !property.getEnum().contains(null))
					.forEach((property) -> {
						List<Object> values = new ArrayList<>(property.getEnum());
						values.add(null);
						property.setEnum(values);
					});
				schemas.values()
					.stream()
					.filter((schema) -> schema.getProperties() != null)
					.forEach((schema) -> ((Map<String, Schema>) schema.getProperties())
						.replaceAll((name, property) -> nullableReference(property)));
			}
		};
	}

	/**
	 * A nullable object property ({@code screen}) comes out as its type list next to a
	 * {@code $ref}; both apply in OpenAPI 3.1, and the referenced object schema refuses
	 * the null the API sends. One of the reference or null says what is meant.
	 */
	private static Schema<?> nullableReference(Schema<?> property) {
		if (property.get$ref() == null || property.getTypes() == null || !property.getTypes().contains("null")) {
			return property;
		}
		return new Schema<>().description(property.getDescription())
			.oneOf(List.of(new Schema<>().$ref(property.get$ref()), new Schema<>().types(Set.of("null"))));
	}

	/**
	 * swagger-core copies an example's name, which is already its key, into its
	 * description.
	 */
	static void withoutNamesAsDescriptions(@Nullable Content content) {
		if (content != null) {
			content.values()
				.stream()
				.filter((media) -> media.getExamples() != null)
				.forEach((media) -> media.getExamples().forEach((name, example) -> {
					if (name.equals(example.getDescription())) {
						example.setDescription(null);
					}
				}));
		}
	}

	private static void addIfAbsent(Operation operation, String status, String ref) {
		if (!operation.getResponses().containsKey(status)) {
			operation.getResponses().addApiResponse(status, new ApiResponse().$ref(ref));
		}
	}

	@Bean
	OpenAPI execdOpenApi() {
		return new OpenAPI()
			.info(new Info().title("execd")
				.version("1")
				.description("""
						Long-lived shell sessions for AI coding agents. Start a command and get its \
						output so far after a bounded wait; type into it (text, control bytes, named \
						keys, EOF), optionally on a pseudo-terminal; watch it live over Server-Sent \
						Events; download its full log; signal it; remove it. Every byte of output has \
						one absolute offset, the same in polls, streams and log ranges. Sessions are \
						scoped to a conversation (`X-Conversation-Id`) within the caller's tenant.

						**The loop.** `POST /sessions` starts a command and waits up to \
						`yield_time_ms` (default 10 s); it returns early when the process exits or \
						`wait_for` matches. If `session.status` is still `running`, call \
						`POST /sessions/{id}/stdin` with input to type, or with `{}` to poll: each \
						call returns only the output produced since the previous one. Long waits are \
						cheap: a poll may wait up to 290 s and ends within milliseconds of an exit or \
						a match. Large output is cut to `max_output_bytes` with a marker that names the \
						exact byte range to fetch from `GET /sessions/{id}/log`. Remove a session \
						with `DELETE /sessions/{id}` when done; ended sessions are also removed \
						30 minutes after they ended or were last read (by default).

						**Conventions.** JSON in snake_case; durations in milliseconds (`*_ms`), \
						instants in RFC 3339 UTC (`*_at`); absent optional values are `null`, never \
						omitted. Values outside a documented range are *clamped* (moved to the \
						nearest bound) where the field says so, otherwise refused; negative \
						durations, sizes and offsets are always 400 `invalid_request`.

						**Errors** are RFC 9457 `application/problem+json` with a stable `code` \
						(see the `Problem` schema); an unknown route is 404 `not_found`, an \
						unsupported method 405 `method_not_allowed`. A request whose path is not in \
						normal form (`..` or `.` segments, `//`, `;`, an encoded `.`, `/` or `%`) is \
						refused before routing with 400 `invalid_request`.""")
				.contact(new Contact().name("execd").url("https://execd.dev"))
				.license(new License().name("Apache-2.0").url("https://www.apache.org/licenses/LICENSE-2.0")))
			.addServersItem(new Server().url("/").description("this server"))
			.components(new Components()
				.addSecuritySchemes(BEARER,
						new SecurityScheme().type(SecurityScheme.Type.HTTP)
							.scheme("bearer")
							.description("A token from execd.security.tokens (name:token); its name is the "
									+ "tenant. Not needed when the server runs without tokens on loopback. "
									+ "Server-Sent Event streams also accept `?access_token=`."))
				.responses(ProblemResponses.all()))
			.addSecurityItem(new SecurityRequirement().addList(BEARER));
	}

}
