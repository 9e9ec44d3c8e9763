import { Admin, Datagrid, FunctionField, List, Resource, TextField } from 'react-admin';
import { authProvider, dataProvider } from './providers';

interface Company {
  id: string;
  name: string;
  addressLine1?: string | null;
  city?: string | null;
}

/** The console's companies list: the name and the address, 10 rows a page, sorted on the server. */
function CompanyList() {
  return (
    <List>
      <Datagrid bulkActionButtons={false}>
        <TextField source="name" />
        <FunctionField<Company> label="Address" render={(company) => [company.addressLine1, company.city].filter(Boolean).join(', ')} />
      </Datagrid>
    </List>
  );
}

export function App() {
  return (
    <Admin dataProvider={dataProvider} authProvider={authProvider} requireAuth>
      <Resource name="companies" list={CompanyList} />
    </Admin>
  );
}
